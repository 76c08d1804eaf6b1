//! Rate limits: a token bucket per connection (messages per second), and per address the
//! sockets open, the games created per hour and the join attempts per minute (against code
//! guessing). Time comes through the clock seam.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

/// The limits, all configurable (the load test raises them for its one loopback address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Messages per second a connection may send (the bucket refills at this rate).
    pub messages_per_second: u32,
    /// The bucket's size: a burst allowed above the rate.
    pub message_burst: u32,
    /// Sockets open at once from one address.
    pub sockets_per_address: u32,
    /// Games one address may create in an hour.
    pub games_per_hour: u32,
    /// Join attempts one address may make in a minute.
    pub joins_per_minute: u32,
    /// Frames over the message rate a connection may send (each gets a `rate-limited` error)
    /// before it is closed (close code 1008, "rate limit exceeded"); one more is forgiven
    /// each second.
    pub overruns_allowed: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            messages_per_second: 20,
            message_burst: 40,
            sockets_per_address: 16,
            games_per_hour: 60,
            joins_per_minute: 20,
            overruns_allowed: 20,
        }
    }
}

impl Limits {
    /// Limits high enough for a load test from one address.
    #[must_use]
    pub fn generous() -> Limits {
        Limits {
            messages_per_second: 1_000,
            message_burst: 2_000,
            sockets_per_address: 100_000,
            games_per_hour: 10_000_000,
            joins_per_minute: 10_000_000,
            overruns_allowed: 10_000,
        }
    }
}

/// A token bucket.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    at_ms: u64,
    rate_per_ms: f64,
    size: f64,
}

impl Bucket {
    /// A full bucket of `size` refilling at `per_second`.
    #[must_use]
    pub fn new(per_second: u32, size: u32, now_ms: u64) -> Bucket {
        Bucket {
            tokens: f64::from(size),
            at_ms: now_ms,
            rate_per_ms: f64::from(per_second) / 1000.0,
            size: f64::from(size),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, now_ms: u64) -> bool {
        let elapsed = now_ms.saturating_sub(self.at_ms) as f64;
        self.tokens = (self.tokens + elapsed * self.rate_per_ms).min(self.size);
        self.at_ms = now_ms;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[derive(Debug)]
struct PerAddress {
    sockets: u32,
    games: Bucket,
    joins: Bucket,
}

/// The per-address counters, shared by every connection.
#[derive(Debug)]
pub struct AddressLimits {
    limits: Limits,
    table: Mutex<HashMap<IpAddr, PerAddress>>,
}

impl AddressLimits {
    /// Counters under these limits.
    #[must_use]
    pub fn new(limits: Limits) -> AddressLimits {
        AddressLimits {
            limits,
            table: Mutex::new(HashMap::new()),
        }
    }

    /// The limits.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    fn with<T>(&self, ip: IpAddr, now_ms: u64, f: impl FnOnce(&mut PerAddress) -> T) -> T {
        let mut table = self
            .table
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let l = self.limits;
        let entry = table.entry(ip).or_insert_with(|| PerAddress {
            sockets: 0,
            games: Bucket::new(0, l.games_per_hour, now_ms).per_hour(l.games_per_hour),
            joins: Bucket::new(0, l.joins_per_minute, now_ms).per_minute(l.joins_per_minute),
        });
        let out = f(entry);
        if entry.sockets == 0 && entry.games.is_full(now_ms) && entry.joins.is_full(now_ms) {
            table.remove(&ip);
        }
        out
    }

    /// Counts a new socket from `ip`; false when the address has too many.
    pub fn open_socket(&self, ip: IpAddr, now_ms: u64) -> bool {
        let max = self.limits.sockets_per_address;
        self.with(ip, now_ms, |a| {
            if a.sockets < max {
                a.sockets += 1;
                true
            } else {
                false
            }
        })
    }

    /// Counts a socket closed.
    pub fn close_socket(&self, ip: IpAddr, now_ms: u64) {
        self.with(ip, now_ms, |a| a.sockets = a.sockets.saturating_sub(1));
    }

    /// Takes one game creation for `ip`; false when over the hourly limit.
    pub fn create_game(&self, ip: IpAddr, now_ms: u64) -> bool {
        self.with(ip, now_ms, |a| a.games.take(now_ms))
    }

    /// Takes one join attempt for `ip`; false when over the limit a minute.
    pub fn join_attempt(&self, ip: IpAddr, now_ms: u64) -> bool {
        self.with(ip, now_ms, |a| a.joins.take(now_ms))
    }
}

impl Bucket {
    fn per_hour(mut self, n: u32) -> Bucket {
        self.rate_per_ms = f64::from(n) / 3_600_000.0;
        self
    }

    fn per_minute(mut self, n: u32) -> Bucket {
        self.rate_per_ms = f64::from(n) / 60_000.0;
        self
    }

    fn is_full(&self, now_ms: u64) -> bool {
        let elapsed = now_ms.saturating_sub(self.at_ms) as f64;
        self.tokens + elapsed * self.rate_per_ms >= self.size
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let mut b = Bucket::new(2, 3, 0);
        assert!((0..3).all(|_| b.take(0)));
        assert!(!b.take(0), "the burst is spent");
        assert!(!b.take(400), "0.8 of a token after 400 ms");
        assert!(b.take(500), "one token after 500 ms at 2 a second");
    }

    #[test]
    fn an_address_has_a_socket_limit_and_a_join_limit() {
        let limits = Limits {
            sockets_per_address: 2,
            joins_per_minute: 3,
            ..Limits::default()
        };
        let table = AddressLimits::new(limits);
        let ip = IpAddr::V4(Ipv4Addr::LOCALHOST);
        assert!(table.open_socket(ip, 0) && table.open_socket(ip, 0));
        assert!(!table.open_socket(ip, 0), "a third socket");
        table.close_socket(ip, 0);
        assert!(table.open_socket(ip, 0));
        assert!((0..3).all(|_| table.join_attempt(ip, 0)));
        assert!(
            !table.join_attempt(ip, 1_000),
            "a fourth guess within the minute"
        );
        assert!(
            table.join_attempt(ip, 20_000),
            "one back after 20 s at 3 a minute"
        );
        let other = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
        assert!(
            table.join_attempt(other, 1_000),
            "another address has its own"
        );
    }
}
