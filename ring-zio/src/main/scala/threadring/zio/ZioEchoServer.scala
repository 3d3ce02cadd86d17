package threadring.zio

import java.io.{EOFException, IOException}
import java.net.StandardSocketOptions
import java.nio.charset.StandardCharsets.ISO_8859_1
import java.util.concurrent.{ThreadFactory, TimeUnit}
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.duration.FiniteDuration
import threadring.core.AbstractWorkload
import threadring.core.echo.{Drain, EchoServer, Http1}
import zio.*
import zio.nio.InetSocketAddress
import zio.nio.channels.{AsynchronousChannelGroup, AsynchronousServerSocketChannel, AsynchronousSocketChannel}

/**
 * The echo server as a ZIO user writes it with zio-nio: the server is one scoped effect (channel
 * group, listening channel, accept loop) on a fiber, and each accepted connection is a fiber of its
 * own that reads with `readChunk`, frames requests on `Chunk`s and answers with `writeChunk`. The
 * channel group is the server's: a fixed pool whose threads wait in epoll and do the reads and
 * writes, while the fibers run on the runtime (ZIO's default, or one executor thread of its own).
 * Opened to wait, a connection's fiber sleeps (`ZIO.sleep`, ZIO's clock) before each answer, so the
 * other fibers run meanwhile. close() lets connections whose clients left end on their EOF (see
 * [[threadring.core.echo.Drain]]), then interrupts the server fiber, whose finalizers close the channel
 * and shut the group down.
 */
final class ZioEchoServer(id: String, pool: Pool, waitMs: Int) extends AbstractWorkload(id, "echo server") with EchoServer:

  private val own = ZioRuntime(id, pool, FiniteDuration(closeTimeout().toMillis, TimeUnit.MILLISECONDS), track)

  private val ioThreads: ThreadFactory =
    val n = AtomicInteger()
    tracked { task =>
      val t = Thread(task, s"$id-io-${n.incrementAndGet()}")
      t.setDaemon(true)
      t
    }

  /** Connections accepted and not yet ended. */
  private val open = AtomicInteger()

  private val bound: Promise[IOException, Int] = own.run(Promise.make[IOException, Int])

  // A daemon: it lives until close() interrupts it; connection fibers are its children. Whatever
  // ends it before it listens (a defect too) reaches the constructor instead of hanging it.
  private val server: Fiber.Runtime[Nothing, Unit] =
    own.run(ZIO.scoped(listen).catchAllCause(c => bound.failCause(c).unit).forkDaemon)

  private val boundPort: Int = own.run(bound.await.exit) match
    case Exit.Success(p) => p
    case Exit.Failure(cause) =>
      own.close(List(server))
      val e = cause.squash
      throw IllegalStateException(s"$id: cannot listen on 127.0.0.1: ${e.getMessage}", e)

  override def port(): Int = boundPort

  private def listen: ZIO[Scope, IOException, Nothing] =
    for
      group <- ZIO.acquireRelease(AsynchronousChannelGroup(if pool.oneThread then 1 else cpus, ioThreads))(
        _.shutdownNow.ignore) // closes whatever channels are left, so their fibers end too
      channel <- AsynchronousServerSocketChannel.open(group)
      address <- InetSocketAddress.hostName("127.0.0.1", 0)
      _ <- channel.bindTo(address, ZioEchoServer.Backlog)
      local <- channel.localAddress
      _ <- bound.succeed(local.collect { case a: InetSocketAddress => a.port }.getOrElse(0))
      nothing <- accept(channel).catchAll(retry(channel, _)).forever
    yield nothing

  /**
   * Accepts one connection into a scope of its own (zio-nio's `accept` is scoped; the server's
   * scope would keep every connection's finalizer until shutdown) and forks its fiber.
   */
  private def accept(channel: AsynchronousServerSocketChannel): IO[IOException, Unit] =
    Scope.make.flatMap { connection =>
      connection.extend[Any](channel.accept).onError(c => connection.close(Exit.failCause(c))).flatMap { socket =>
        (ZIO.succeed(open.incrementAndGet()) *> socket.setOption(StandardSocketOptions.TCP_NODELAY, java.lang.Boolean.TRUE) *> serve(socket))
          .ignore // a client that left or sent what is not HTTP ends its own connection only
          .ensuring(connection.close(Exit.unit) *> ZIO.succeed(open.decrementAndGet()))
          .fork
          .unit
      }
    }

  /** An accept that failed on an open channel (out of file descriptors, say) is tried again. */
  private def retry(channel: AsynchronousServerSocketChannel, e: IOException): IO[IOException, Unit] =
    channel.isOpen.flatMap(open => if open then ZIO.sleep(10.millis) else ZIO.fail(e))

  /** Answers the connection's requests in turn, until it closes, asks to close or misbehaves. */
  private def serve(socket: AsynchronousSocketChannel): IO[IOException, Unit] =

    /** Reads until `in` holds a whole head (`scanned` bytes of it are known to hold none). */
    def next(in: Chunk[Byte], scanned: Int): IO[IOException, Unit] =
      val end = ZioEchoServer.headEnd(in, scanned)
      if end >= 0 then answer(in, end)
      else if in.length > Http1.MAX_HEAD then ZIO.fail(IOException(s"request head longer than ${Http1.MAX_HEAD} bytes"))
      else
        socket.readChunk(ZioEchoServer.ReadSize).foldZIO(
          {
            case _: EOFException if in.isEmpty => ZIO.unit // closed between requests
            case e => ZIO.fail(e)
          },
          more => next((in ++ more).materialize, in.length))

    def answer(in: Chunk[Byte], end: Int): IO[IOException, Unit] =
      ZIO.attempt { answering(); Http1.parse(String(in.take(end).toArray, ISO_8859_1)) }.refineToOrDie[IOException].flatMap { head =>
        read(in.drop(end + 4), head.length).flatMap { (body, rest) =>
          afterWait(socket.writeChunk(Chunk.fromArray(Http1.head(body.length, head.close)) ++ body)) *>
            (if head.close then ZIO.unit else next(rest, 0))
        }
      }

    /** The first `n` bytes, reading what is missing (never past them), and what follows them. */
    def read(have: Chunk[Byte], n: Int): IO[IOException, (Chunk[Byte], Chunk[Byte])] =
      if have.length >= n then ZIO.succeed(have.splitAt(n))
      else socket.readChunk(math.min(n - have.length, ZioEchoServer.BodyReadSize)).flatMap(more => read(have ++ more, n))

    next(Chunk.empty, 0)

  /** `answer` after the fiber has slept the wait; `answer` itself when there is none. */
  private def afterWait(answer: IO[IOException, Unit]): IO[IOException, Unit] =
    if waitMs == 0 then answer else ZIO.sleep(waitMs.millis) *> answer

  override protected def stop(): Unit =
    Drain.await(() => open.get, closeTimeout())
    own.close(List(server))

  private def cpus = java.lang.Runtime.getRuntime.availableProcessors

private object ZioEchoServer:

  /** Connections the kernel may queue before accept (capped by net.core.somaxconn). */
  val Backlog = 16_384
  /** One read for a head and, often, its whole body. */
  val ReadSize = 8 * 1024
  /** The largest read of a long body: readChunk allocates its buffer each time. */
  val BodyReadSize = 64 * 1024

  /** The index of the first CRLFCRLF in `in` at or after `from - 3`, or -1. */
  def headEnd(in: Chunk[Byte], from: Int): Int =
    var i = math.max(0, from - 3)
    val last = in.length - 4
    while i <= last do
      if in(i) == '\r' && in(i + 1) == '\n' && in(i + 2) == '\r' && in(i + 3) == '\n' then return i
      i += 1
    -1
