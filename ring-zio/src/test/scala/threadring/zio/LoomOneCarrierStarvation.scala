package threadring.zio

import java.util.concurrent.{CountDownLatch, Executors, TimeUnit}
import java.util.concurrent.atomic.AtomicLong
import zio.*

/**
 * The upstream-bug witness's program (issue #45 item 8; docs/implementations.md, "ZIO on one
 * carrier"): the smallest program that hangs as `zio/promise-loom-p1` does. No ring: one fiber
 * waits for a Promise by polling it, and the fiber that completes the Promise is forked from
 * `main`, a platform thread, once the waiter has polled for a while.
 *
 * `LoomOneCarrierStarvation <loom|thread> <yield|auto> <seconds>`: `loom` is ZIO's
 * `Runtime.enableLoomBasedExecutor` (start the JVM with the one-carrier flags,
 * threadring.core.Loom.ONE_CARRIER, to see the hang), `thread` one platform thread (the control).
 * `yield` polls with `ZIO.yieldNow` between looks, as our PromiseInbox.offer does; `auto` polls in a
 * bare loop and relies on ZIO's own cooperative yielding. Prints one line and exits 0 when the
 * waiter finished within `seconds`, 2 when it did not (the waiter starves the fiber it waits for).
 */
object LoomOneCarrierStarvation:

  def main(args: Array[String]): Unit =
    val (executor, polling, seconds) = (args(0), args(1), args(2))
    val finished = Unsafe.unsafe { implicit u =>
      val layer =
        if executor == "loom" then Runtime.enableLoomBasedExecutor
        else Runtime.setExecutor(Executor.fromJavaExecutor(Executors.newSingleThreadExecutor { r =>
          val t = Thread(r)
          t.setDaemon(true)
          t
        }))
      val runtime = Runtime.unsafe.fromLayer(layer)
      val done = Promise.unsafe.make[Nothing, Unit](FiberId.None)
      val polls = AtomicLong()
      val look = ZIO.succeed(polls.incrementAndGet()) *> done.isDone
      def yielding: UIO[Unit] = look.flatMap(d => if d then ZIO.unit else ZIO.yieldNow *> yielding)
      def bare: UIO[Unit] = look.flatMap(d => if d then ZIO.unit else bare)
      val waiter = runtime.unsafe.fork(if polling == "yield" then yielding else bare)
      // Only once the waiter has held the carrier for a while (many yields, each on a new virtual
      // thread, or several of ZIO's own), so that the carrier no longer takes work from main's queue.
      while polls.get < 100_000 do Thread.onSpinWait()
      runtime.unsafe.fork(done.succeed(()))
      val ended = CountDownLatch(1)
      waiter.unsafe.addObserver(_ => ended.countDown())
      ended.await(seconds.toLong, TimeUnit.SECONDS)
    }
    println(s"$executor/$polling: " + (if finished then "finished" else s"not finished in $seconds s"))
    // the exit code is the verdict the witness test reads
    java.lang.System.exit(if finished then 0 else 2)
