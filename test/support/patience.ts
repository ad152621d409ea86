// How long a test waits for what should happen before it fails saying what
// it waited for. These limits are hang guards, not measurements: when the
// behaviour is right the wait ends as soon as the thing happens, so a long
// limit costs a passing run nothing, and only turns a hang into a message.
// Each is written as what the wait takes on a quiet machine with room to
// spare, and multiplied here: a busy two-core machine (other work on both
// cores, the suite's own three files at once and their children) runs a
// child process or a relay round trip many times slower, and a limit the
// machine can exceed while the behaviour is right is a test that fails for
// no fault. AEP_TEST_PATIENCE sets the factor (1 gives the limits as
// written, for a quick failure while working on a test); a hang past every
// limit is the test runner's to end (scripts/run-tests.mjs).
//
// A bound that is the claim itself (a read ends at its deadline, not when a
// dripping relay would finish) is scaled the same way only where what it
// tells apart is slower still by a wide margin; one on work done in this
// process is measured in its CPU time, which other work does not inflate.

/** The factor every hang guard is multiplied by. */
export const PATIENCE = Math.max(1, Number(process.env.AEP_TEST_PATIENCE ?? 10) || 10);

/** A hang guard of `ms` on a quiet machine, as long as this run allows. */
export const patient = (ms: number): number => ms * PATIENCE;
