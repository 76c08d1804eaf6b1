// The socket to kraal-server (docs/protocol.md): hello, the views, then one game; a ping each
// heartbeat; on a drop, reconnect and resume with the seat token, waiting a little longer
// each time.

/** @typedef {import("./types.js").ServerFrame} ServerFrame */
/** @typedef {import("./types.js").KeptSeat} KeptSeat */

export const PROTOCOL_VERSION = 1;
const SEATS_KEY = "kraal.seats";

/**
 * The seats kept in this browser, newest first.
 * @returns {KeptSeat[]}
 */
export function keptSeats() {
  try {
    const seats = JSON.parse(localStorage.getItem(SEATS_KEY) ?? "[]");
    return Array.isArray(seats) ? seats : [];
  } catch {
    return [];
  }
}

/**
 * Keeps a seat (replacing an older entry of the same game).
 * @param {KeptSeat} seat
 */
export function keepSeat(seat) {
  const seats = keptSeats().filter((s) => s.game !== seat.game);
  seats.unshift(seat);
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats.slice(0, 20)));
}

/**
 * Forgets a seat (the game is over).
 * @param {number} game
 */
export function forgetSeat(game) {
  localStorage.setItem(SEATS_KEY, JSON.stringify(keptSeats().filter((s) => s.game !== game)));
}

/** The websocket address of the server that served this page. */
function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

/**
 * One connection to the server, for one game.
 */
export class Connection {
  /**
   * @param {(frame: ServerFrame) => void} onFrame every frame from the server
   * @param {(state: "connecting" | "open" | "reconnecting" | "closed", detail: string) => void} onState
   * @param {string | null} name the display name the opponent sees (none: anonymous)
   */
  constructor(onFrame, onState, name) {
    this.name = name;
    this.onFrame = onFrame;
    this.onState = onState;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** @type {object | null} the frame that binds the socket to its game (create, join...) */
    this.first = null;
    /** @type {{game: number, token: string} | null} the seat, once known: reconnects resume it */
    this.seat = null;
    this.closed = false;
    this.retries = 0;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.heartbeat = undefined;
    this.pings = 0;
  }

  /**
   * Opens the socket and sends `first` after the hello (create, join, resume, play-computer).
   * @param {object} first
   */
  start(first) {
    this.first = first;
    this.open();
  }

  open() {
    this.onState(this.retries === 0 ? "connecting" : "reconnecting", "");
    const socket = new WebSocket(socketUrl());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.send({ type: "hello", version: PROTOCOL_VERSION, name: this.name });
      this.send({ type: "views" });
      this.send(this.seat ? { type: "resume", game: this.seat.game, token: this.seat.token } : this.first);
    });
    socket.addEventListener("message", (event) => {
      /** @type {ServerFrame} */
      let frame;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (frame.type === "welcome") {
        this.retries = 0;
        this.onState("open", "");
        clearInterval(this.heartbeat);
        this.heartbeat = setInterval(() => this.send({ type: "ping", n: ++this.pings }), frame.heartbeat_ms || 10000);
      }
      this.onFrame(frame);
    });
    socket.addEventListener("close", () => {
      clearInterval(this.heartbeat);
      if (this.closed) {
        this.onState("closed", "");
        return;
      }
      // Only a seat can be taken again; a create or join that never answered is not retried.
      if (!this.seat) {
        this.onState("closed", "The connection to the server closed.");
        return;
      }
      const wait = Math.min(1000 * 2 ** this.retries, 15000);
      this.retries += 1;
      this.onState("reconnecting", `Reconnecting in ${Math.round(wait / 1000)} s...`);
      setTimeout(() => this.open(), wait);
    });
  }

  /**
   * Sends a frame if the socket is open.
   * @param {object | null} frame
   */
  send(frame) {
    if (frame && this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(frame));
    }
  }

  /** Closes for good. */
  close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.socket?.close();
  }
}

const NAME_KEY = "kraal.name";

/**
 * The display name kept in this browser, cut to what the server takes (24 printable
 * characters), or null.
 * @returns {string | null}
 */
export function keptName() {
  const name = (localStorage.getItem(NAME_KEY) ?? "").replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim().slice(0, 24);
  return name === "" ? null : name;
}

/**
 * Keeps the display name.
 * @param {string} name
 */
export function keepName(name) {
  localStorage.setItem(NAME_KEY, name.trim().slice(0, 24));
}
