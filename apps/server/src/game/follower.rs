//! A follower's side of a game task (see [`super`]): on a node with sockets for a game another
//! node owns, it serves reads from the database, passes commands to the owner and the owner's
//! frames to its sockets, and takes the game over when the owner's lease runs out.

use super::{Cmd, GameTask, LoadError, Role, Sink, read};
use crate::nodes::NodeMsg;
use kraal_protocol::{ClientFrame, ErrorCode, ServerFrame};
use kraal_session::Seat;

impl GameTask {
    /// A follower: sends an event to its own sockets.
    fn forward(&mut self, frame: &ServerFrame) {
        self.sockets.retain(|s| match &s.2 {
            Sink::Local(outbox) => outbox.try_send(frame.clone()).is_ok(),
            Sink::Remote(_) => false,
        });
    }

    /// A follower: an event of the owner's to its own sockets, then, if one of them asked
    /// for the views (the browser page), the views it calls for, computed here from the game
    /// read again from the database (the owner commits before it tells; the owner computes
    /// views only for its own sockets).
    async fn forward_with_views(&mut self, frame: &ServerFrame) {
        self.forward(frame);
        if crate::views::calls_for_views(frame) && self.wants_views() {
            self.refresh().await;
            for view in self.views_after(frame) {
                self.forward(&view);
            }
        }
    }

    /// A follower: reads the game again from the database (the truth), keeping the old copy
    /// if that fails.
    async fn refresh(&mut self) {
        match read(&self.srv, self.id(), self.epoch).await {
            Ok(loaded) => self.loaded = loaded,
            Err(e) => eprintln!("kraal-server: game {}: reading it failed: {e}", self.id()),
        }
    }

    fn to_owner(&self, msg: NodeMsg) {
        self.srv.publish(&msg);
    }

    /// A follower's handling of a command: its sockets' requests go to the owner, the owner's
    /// answers and events to its sockets; reads (a token, the whole game, the record) are
    /// served from the database.
    pub(super) async fn follow(&mut self, cmd: Cmd) {
        let (game, node) = (self.id(), self.srv.node.clone());
        match cmd {
            Cmd::Attach {
                conn,
                token_hash,
                outbox,
                reply,
            } => {
                self.refresh().await;
                let Some(seat) = self.seat_of_token(&token_hash) else {
                    let _ = reply.send(Err(ErrorCode::BadToken));
                    return;
                };
                let _ = reply.send(Ok(seat));
                self.sockets.push((conn, seat, Sink::Local(outbox)));
                let snapshot = ServerFrame::Game(self.snapshot(seat));
                self.send(conn, snapshot);
                self.to_owner(NodeMsg::Attach {
                    game,
                    from: node,
                    conn,
                    seat,
                });
            }
            Cmd::Join {
                conn,
                token_hash,
                name,
                outbox,
                reply,
            } => {
                self.joining.push((conn, outbox, reply));
                self.to_owner(NodeMsg::Join {
                    game,
                    from: node,
                    conn,
                    token_hash,
                    name,
                });
            }
            Cmd::Detach { conn } => {
                self.sockets.retain(|s| s.0 != conn);
                self.to_owner(NodeMsg::Detach {
                    game,
                    from: node,
                    conn,
                });
            }
            Cmd::Frame { conn, frame } => {
                let Some(seat) = self.seat_of(conn) else {
                    return;
                };
                if frame == ClientFrame::Sync {
                    self.refresh().await;
                    let snapshot = ServerFrame::Game(self.snapshot(seat));
                    self.send(conn, snapshot);
                } else {
                    self.to_owner(NodeMsg::Frame {
                        game,
                        from: node,
                        conn,
                        frame,
                    });
                }
            }
            Cmd::Reload => {
                self.refresh().await;
                self.send_snapshots();
            }
            Cmd::Export { reply } => {
                self.refresh().await;
                let _ = reply.send(self.record());
            }
            Cmd::Own => self.take_over().await,
            Cmd::Node(msg) => self.on_owner_msg(msg).await,
            Cmd::NodeGone(_) => {}
        }
    }

    /// A follower: a message from the owner.
    async fn on_owner_msg(&mut self, msg: NodeMsg) {
        match msg {
            NodeMsg::Joined { conn, result, .. } => {
                let Some(i) = self.joining.iter().position(|j| j.0 == conn) else {
                    return;
                };
                let (conn, outbox, reply) = self.joining.swap_remove(i);
                // A connection that stopped waiting (see `conn`) is not seated here.
                if let Ok(seat) = result
                    && !reply.is_closed()
                {
                    self.sockets.push((conn, seat, Sink::Local(outbox)));
                }
                let _ = reply.send(result);
            }
            NodeMsg::ToConn { conn, frame, .. } => match frame {
                Some(frame) => {
                    // Its views, if any, from the game as the database has it now.
                    if crate::views::calls_for_views(&frame) && self.wants_views() {
                        self.refresh().await;
                    }
                    self.send(conn, frame);
                }
                None => {
                    if let Some(seat) = self.seat_of(conn) {
                        self.refresh().await;
                        let snapshot = ServerFrame::Game(self.snapshot(seat));
                        self.send(conn, snapshot);
                    }
                }
            },
            NodeMsg::Event { frame, .. } => self.forward_with_views(&frame).await,
            NodeMsg::NewOwner { .. } => {
                self.refresh().await;
                for (conn, seat, _) in &self.sockets {
                    self.srv.publish(&NodeMsg::Attach {
                        game: self.loaded.row.id,
                        from: self.srv.node.clone(),
                        conn: *conn,
                        seat: *seat,
                    });
                }
                self.send_snapshots();
            }
            NodeMsg::Attach { .. } | NodeMsg::Detach { .. } | NodeMsg::Frame { .. } => {}
            NodeMsg::Join { .. } => {}
        }
    }

    /// A follower whose owner's lease ran out takes the game over: it reads the game again
    /// (replaying it through the rules), restarts it as after a restart (the dead node's
    /// players count as gone), and its own sockets' seats are present again.
    async fn take_over(&mut self) {
        let taken = async {
            if !self.srv.lease_of(self.id()).await?.granted() {
                return Ok(false);
            }
            self.loaded = read(&self.srv, self.id(), self.epoch).await?;
            self.role = Role::Owner;
            self.taken_over().await?;
            Ok::<_, LoadError>(true)
        };
        match taken.await {
            Ok(true) => {
                for (_, _, reply) in self.joining.drain(..) {
                    let _ = reply.send(Err(ErrorCode::Internal));
                }
                // The whole game first (everyone away), then each present seat's arrival as
                // an event after it.
                self.send_snapshots();
                let seats: Vec<Seat> = self.sockets.iter().map(|s| s.1).collect();
                for seat in seats {
                    self.arrive(seat).await;
                }
                // A computer opponent died with the old owner: it sits down again here (its
                // attach is a command to this task, handled after this one).
                let (srv, id) = (std::sync::Arc::clone(&self.srv), self.id());
                tokio::spawn(async move { srv.reseat_computer(id).await });
            }
            Ok(false) => {}
            Err(e) => eprintln!("kraal-server: game {}: taking it over: {e}", self.id()),
        }
    }
}
