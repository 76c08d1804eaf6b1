//! A websocket connection to a kraal server: hello on connect, frames typed both ways.

use futures_util::{SinkExt, StreamExt};
use kraal_protocol::{
    ClientFrame, ErrorCode, FrameError, MAX_LIST_SEATS, PROTOCOL_VERSION, SeatQuery, SeatSummary,
    ServerFrame, parse_server_frame,
};
use std::fmt;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Why talking to the server failed.
#[derive(Debug)]
pub enum ClientError {
    /// The socket failed or closed.
    Socket(tokio_tungstenite::tungstenite::Error),
    /// The server sent something that is no frame.
    Frame(FrameError),
    /// The server closed the connection.
    Closed,
    /// The server closed the connection and said why (its close frame's reason).
    ClosedBecause(String),
    /// No answer in time.
    Timeout,
    /// The server answered the hello with something else.
    NoWelcome(Box<ServerFrame>),
    /// The server refused a request.
    Refused {
        /// Its error code.
        code: ErrorCode,
        /// Its words.
        message: String,
    },
    /// The server answered with a frame that is not the answer.
    Unexpected(Box<ServerFrame>),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Socket(e) => write!(f, "connection: {e}"),
            ClientError::Frame(e) => write!(f, "the server's frame: {e}"),
            ClientError::Closed => f.write_str("the server closed the connection"),
            ClientError::ClosedBecause(why) => {
                write!(f, "the server closed the connection: {why}")
            }
            ClientError::Timeout => f.write_str("the server did not answer in time"),
            ClientError::NoWelcome(frame) => write!(f, "the server did not welcome us: {frame:?}"),
            ClientError::Refused { code, message } => {
                write!(f, "the server refused ({code}): {message}")
            }
            ClientError::Unexpected(frame) => write!(f, "the server answered {frame:?}"),
        }
    }
}

impl std::error::Error for ClientError {}

impl From<tokio_tungstenite::tungstenite::Error> for ClientError {
    fn from(e: tokio_tungstenite::tungstenite::Error) -> ClientError {
        ClientError::Socket(e)
    }
}

/// An open connection that has been welcomed.
pub struct Connection {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// How often to ping, as the server asked.
    pub heartbeat: Duration,
}

impl Connection {
    /// Connects to `url` (`ws://HOST:PORT/ws`) and says hello with an optional display name.
    ///
    /// # Errors
    /// The server cannot be reached, or does not welcome this protocol version.
    pub async fn connect(url: &str, name: Option<&str>) -> Result<Connection, ClientError> {
        // Nagle off: small frames that answer each other go at once.
        let (socket, _) = tokio_tungstenite::connect_async_with_config(url, None, true).await?;
        let mut conn = Connection {
            socket,
            heartbeat: Duration::from_secs(10),
        };
        conn.send(&ClientFrame::Hello {
            version: PROTOCOL_VERSION,
            name: name.map(str::to_owned),
        })
        .await?;
        match conn.recv_within(Duration::from_secs(10)).await? {
            ServerFrame::Welcome { heartbeat_ms, .. } => {
                conn.heartbeat = Duration::from_millis(heartbeat_ms.max(100));
                Ok(conn)
            }
            other => Err(ClientError::NoWelcome(Box::new(other))),
        }
    }

    /// Sends a frame.
    ///
    /// # Errors
    /// The socket failed.
    pub async fn send(&mut self, frame: &ClientFrame) -> Result<(), ClientError> {
        self.send_text(frame.to_text()).await
    }

    /// Sends raw text (for tests of the server's parser).
    ///
    /// # Errors
    /// The socket failed.
    pub async fn send_text(&mut self, text: String) -> Result<(), ClientError> {
        self.socket.send(Message::text(text)).await?;
        Ok(())
    }

    /// The next frame from the server.
    ///
    /// # Errors
    /// The socket failed or closed, or the frame does not read.
    pub async fn recv(&mut self) -> Result<ServerFrame, ClientError> {
        loop {
            match self.socket.next().await {
                None => return Err(ClientError::Closed),
                Some(Err(e)) => return Err(e.into()),
                Some(Ok(Message::Text(text))) => {
                    return parse_server_frame(text.as_bytes()).map_err(ClientError::Frame);
                }
                Some(Ok(Message::Close(Some(frame)))) if !frame.reason.is_empty() => {
                    return Err(ClientError::ClosedBecause(frame.reason.to_string()));
                }
                Some(Ok(Message::Close(_))) => return Err(ClientError::Closed),
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next frame, waiting at most `limit`.
    ///
    /// # Errors
    /// As [`Connection::recv`], or nothing came in time.
    pub async fn recv_within(&mut self, limit: Duration) -> Result<ServerFrame, ClientError> {
        tokio::time::timeout(limit, self.recv())
            .await
            .map_err(|_| ClientError::Timeout)?
    }

    /// Asks where each held seat's game stands (in pages of [`MAX_LIST_SEATS`]); one summary
    /// per seat, in order.
    ///
    /// # Errors
    /// The socket failed, the server refused, or it answered something else.
    pub async fn list(
        &mut self,
        seats: &[crate::store::Seat],
    ) -> Result<Vec<SeatSummary>, ClientError> {
        let mut summaries = Vec::with_capacity(seats.len());
        for page in seats.chunks(MAX_LIST_SEATS) {
            let seats = page
                .iter()
                .map(|s| SeatQuery {
                    game: s.game,
                    token: s.token.clone(),
                })
                .collect();
            self.send(&ClientFrame::List { seats }).await?;
            match self.recv_within(Duration::from_secs(10)).await? {
                ServerFrame::Games { games } => summaries.extend(games),
                ServerFrame::Error { code, message } => {
                    return Err(ClientError::Refused { code, message });
                }
                other => return Err(ClientError::Unexpected(Box::new(other))),
            }
        }
        Ok(summaries)
    }

    /// Closes the connection politely.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

/// Connects again and resumes a held seat, trying `attempts` times with a growing pause (one
/// second, two, four, at most eight) between tries. The whole game is the next frame.
///
/// # Errors
/// The last attempt's failure.
pub async fn reconnect(
    seat: &crate::store::Seat,
    name: Option<&str>,
    attempts: u32,
) -> Result<Connection, ClientError> {
    let mut pause = Duration::from_secs(1);
    let mut last = ClientError::Closed;
    for attempt in 0..attempts.max(1) {
        if attempt > 0 {
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_secs(8));
        }
        match Connection::connect(&seat.server, name).await {
            Ok(mut conn) => {
                conn.send(&ClientFrame::Resume {
                    game: seat.game,
                    token: seat.token.clone(),
                })
                .await?;
                return Ok(conn);
            }
            Err(e) => last = e,
        }
    }
    Err(last)
}
