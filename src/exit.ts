/**
 * Ends the process with an exit code, without process.exit()'s shutdown deadlock.
 *
 * process.exit() disposes V8's platform while the isolate is still alive: a concurrent (Maglev)
 * compile job that is waiting for a main-thread GC then never finishes, the main thread waits for it
 * forever, and the process hangs after its last line of output (nodejs/node#54918, open for Node 24).
 * It happened here: a CLI run that had printed its exit-2 message was still alive a minute later,
 * its main thread in NodePlatform::Shutdown and a V8 worker in CollectionBarrier::AwaitCollectionBackground
 * (gdb); one CI run stalled 85 minutes on such a case.
 *
 * So the exit code is set and the event loop allowed to end, which tears the isolate down first (that
 * releases such a job). Only when something still holds the loop after `graceMs` (testcontainers keeps
 * Docker sockets alive after a gate) does process.exit() end it; by then no compile job is in flight.
 */
export function endProcess(code: number, graceMs = 1000): void {
  process.exitCode = code
  setTimeout(() => process.exit(code), graceMs).unref()
}
