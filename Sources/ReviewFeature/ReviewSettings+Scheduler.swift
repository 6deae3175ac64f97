import FSRS
import Storage

extension ReviewSettings {
  /// FSRS with this bookcase's retention and fuzz, and the reference implementation's other defaults.
  public func scheduler() throws(SchedulerError) -> Scheduler {
    try Scheduler(desiredRetention: desiredRetention, enableFuzzing: fuzz)
  }
}
