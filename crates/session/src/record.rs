//! Game records (to come).
