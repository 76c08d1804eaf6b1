//! The clock seam: the server reads the time and waits through a [`TimeSource`], so tests run
//! game clocks, grace periods and rate limits on a [`ManualTime`] they move by hand instead of
//! sleeping.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// A future that ends at a point in time.
pub type Sleep = Pin<Box<dyn Future<Output = ()> + Send>>;

/// Where the server's time comes from.
pub trait TimeSource: Send + Sync + 'static {
    /// Now, in milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;
    /// A future that ends once [`TimeSource::now_ms`] reaches `ms`.
    fn sleep_until(&self, ms: u64) -> Sleep;
}

/// The system's wall clock with tokio's timer.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemTime;

impl TimeSource for SystemTime {
    fn now_ms(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }

    fn sleep_until(&self, ms: u64) -> Sleep {
        let wait = ms.saturating_sub(self.now_ms());
        Box::pin(tokio::time::sleep(Duration::from_millis(wait)))
    }
}

/// A clock that moves only when told ([`ManualTime::advance`]): for tests.
#[derive(Clone, Debug)]
pub struct ManualTime {
    now: Arc<watch::Sender<u64>>,
}

impl ManualTime {
    /// A clock standing at `start_ms`.
    #[must_use]
    pub fn new(start_ms: u64) -> ManualTime {
        ManualTime {
            now: Arc::new(watch::Sender::new(start_ms)),
        }
    }

    /// Moves the clock on; sleepers whose time has come wake.
    pub fn advance(&self, by: Duration) {
        let by = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        self.now.send_modify(|now| *now = now.saturating_add(by));
    }
}

impl TimeSource for ManualTime {
    fn now_ms(&self) -> u64 {
        *self.now.borrow()
    }

    fn sleep_until(&self, ms: u64) -> Sleep {
        let mut rx = self.now.subscribe();
        Box::pin(async move {
            while *rx.borrow_and_update() < ms {
                if rx.changed().await.is_err() {
                    // The clock is gone: never wake.
                    std::future::pending::<()>().await;
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_sleeper_wakes_only_when_the_clock_passes_its_time() {
        let time = ManualTime::new(1_000);
        let sleep = time.sleep_until(1_500);
        let handle = tokio::spawn(sleep);
        time.advance(Duration::from_millis(400));
        tokio::task::yield_now().await;
        assert!(!handle.is_finished(), "woke at 1400 for 1500");
        time.advance(Duration::from_millis(100));
        tokio::time::timeout(Duration::from_secs(5), handle)
            .await
            .expect("woke")
            .expect("ran");
        assert_eq!(time.now_ms(), 1_500);
    }
}
