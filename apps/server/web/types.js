// The shapes of what the server sends (crates/protocol: frames.rs, views.rs), as JSDoc types
// for `tsc --checkJs`. Nothing here runs.

/** @typedef {"first" | "second"} Seat */
/** @typedef {{mill: string} | {mancala: string}} WireMove */

/**
 * A legal move taken apart into what a player taps.
 * @typedef {object} MoveView
 * @property {WireMove} mv the move, sent back as it is
 * @property {string} text its notation
 * @property {string} [from] a mill move's starting point
 * @property {string} [to] a mill move's point placed on or moved to
 * @property {string[]} [shots] a mill move's shots
 * @property {number} [hole] a mancala move's hole index
 */

/**
 * @typedef {object} PointView
 * @property {string} name
 * @property {number} x 0..6, file a..g
 * @property {number} y 0..6, rank 1..7
 */

/**
 * @typedef {object} HoleView
 * @property {number} index
 * @property {Seat} owner
 * @property {string} label
 * @property {string} describe
 * @property {number} row
 * @property {number} column
 */

/**
 * @typedef {{family: "mill", board: string, points: PointView[], lines: string[][], mills: string[][]}
 *   | {family: "mancala", game: string, rows: number, columns: number, holes: HoleView[]}} BoardView
 */

/**
 * @typedef {{family: "mill", cows: (Seat | null)[], in_hand: number[], on_board: number[]}
 *   | {family: "mancala", seeds: number[], captured: number[]}} PositionView
 */

/** @typedef {{step: "lift" | "drop" | "capture", hole: number, seeds: number}} SowStep */

/**
 * @typedef {object} LastMove
 * @property {MoveView} mv
 * @property {Seat} by
 * @property {SowStep[]} [steps]
 */

/**
 * @typedef {object} Outcome
 * @property {Seat | null} winner
 * @property {string} reason
 */

/** @typedef {{state: "waiting"} | {state: "live"} | {state: "over", outcome: Outcome} | {state: "aborted"}} GameStatus */

/**
 * @typedef {object} GameSnapshot
 * @property {number} game
 * @property {number} version
 * @property {string} game_name
 * @property {string} rule_set
 * @property {string} clock
 * @property {WireMove[]} moves
 * @property {GameStatus} status
 * @property {Seat} to_move
 * @property {Seat} you
 * @property {number[] | null} clocks_ms
 * @property {Seat | null} clock_running
 * @property {Seat | null} draw_offer
 * @property {boolean} opponent_online
 * @property {(string | null)[]} names
 */

/**
 * @typedef {object} PositionFrame
 * @property {"position"} type
 * @property {number} version
 * @property {number} ply
 * @property {Seat} to_move
 * @property {PositionView} position
 * @property {MoveView[]} legal
 * @property {LastMove | null} last
 * @property {string | null} ending
 */

/**
 * A frame from the server; `type` tells which, the other fields are as docs/protocol.md says.
 * @typedef {{type: string, [key: string]: any}} ServerFrame
 */

/**
 * @typedef {object} Catalog
 * @property {number} protocol
 * @property {{name: string, about: string, family: string, rule_sets: {name: string, description: string}[]}[]} games
 * @property {{level: number, name: string, mill: string, mancala: string}[]} opponents
 */

/**
 * A seat kept in this browser (localStorage), to resume after closing the tab.
 * @typedef {object} KeptSeat
 * @property {number} game
 * @property {string} token
 * @property {Seat} seat
 * @property {string} title
 * @property {number} at
 */

/**
 * The daily puzzle's answer (`/api/daily`, apps/server/src/daily.rs `Answer`).
 * @typedef {object} DailyAnswer
 * @property {string} date YYYY-MM-DD
 * @property {boolean} today whether it is the server's today (UTC)
 * @property {string} game
 * @property {string} rules
 * @property {string} id
 * @property {number} rating
 * @property {string} objective
 * @property {string[]} heading
 * @property {Seat} you the solver's seat
 * @property {BoardView} board
 * @property {string[]} sides
 * @property {PositionFrame} position
 * @property {string[]} played the moves on the board, in notation
 * @property {WireMove[]} accepted the player's moves accepted so far
 * @property {LastMove[]} [just_played] the plies the move just played, for animation
 * @property {{verdict: "right" | "solved" | "wrong" | "illegal" | "over", played?: string, reply?: string, refutation?: string}} [verdict]
 * @property {string} [said]
 * @property {string[]} [solution]
 * @property {boolean} over
 */

export {};
