package threadring.cats

import cats.effect.IO
import cats.effect.unsafe.IORuntime
import com.comcast.ip4s.{IpAddress, SocketAddress, ip}
import fs2.{Chunk, Pull, Stream}
import fs2.io.net.{Network, Socket, SocketOption}
import java.io.IOException
import java.nio.charset.StandardCharsets.ISO_8859_1
import scala.concurrent.duration.*
import scala.util.{Failure, Success, Try}
import threadring.core.AbstractWorkload
import threadring.core.echo.{EchoServer, Http1}

/**
 * The echo server as an fs2 user writes it: `Network[IO].serverResource` on 127.0.0.1, and per
 * accepted socket a stream (its own fiber under `parJoinUnbounded`) that frames HTTP/1.1 requests
 * out of `socket.reads` with a Pull and writes each answer. On a runtime of the server's own:
 * fs2 finds that runtime's selector among `IO.pollers`, so sockets are polled by the compute
 * workers and no other thread is started. Opened to wait, a connection's stream sleeps
 * (`IO.sleep`, the runtime's timer) before emitting each answer, its fiber parked meanwhile.
 */
final class Fs2EchoServer(id: String, compute: Compute, waitMs: Int) extends AbstractWorkload(id, "echo server") with EchoServer:

  private val timeout = closeTimeout().toMillis.millis
  private val own = CatsRuntime(id, compute, timeout, track)
  private given IORuntime = own.runtime

  private val (address, release): (SocketAddress[IpAddress], IO[Unit]) =
    try
      Network[IO].serverResource(Some(ip"127.0.0.1"), None, List(SocketOption.noDelay(true)))
        .flatMap((address, clients) => serve(clients).compile.drain.background.map(_ => address))
        .allocated.unsafeRunSync()
    catch
      case e: Exception =>
        own.close(Nil)
        throw IllegalStateException(s"$id: cannot listen on 127.0.0.1: ${e.getMessage}", e)

  override def port(): Int = address.port.value

  /**
   * Every client at once (parJoin(n) would leave client n+1 unserved until one leaves). A client's
   * error ends its own stream only: an error in an inner stream would end the whole server. So
   * would one from accepting (a client reset before its options were set, out of descriptors):
   * accepting resumes after a pause, so that a lasting error does not spin a worker.
   */
  private def serve(clients: Stream[IO, Socket[IO]]): Stream[IO, Nothing] =
    def accepting: Stream[IO, Socket[IO]] =
      clients.handleErrorWith(_ => Stream.exec(IO.sleep(10.millis)) ++ accepting)
    accepting
      .map(client => afterWait(answers(client.reads)).foreach(client.write).handleErrorWith(_ => Stream.empty))
      .parJoinUnbounded

  /** Each request's answer: the head, then the request's own body (a slice of what was read, not copied). */
  private def answers(in: Stream[IO, Byte]): Stream[IO, Chunk[Byte]] =
    /** Reads a head out of `buf` then `in`; `scanned` bytes of `buf` are known to hold no CRLFCRLF yet. */
    def head(buf: Chunk[Byte], scanned: Int, in: Stream[IO, Byte]): Pull[IO, Chunk[Byte], Unit] =
      val bytes = buf.toArraySlice
      val end = endOfHead(bytes, math.max(0, scanned - 3))
      if end + 4 > Http1.MAX_HEAD || (end < 0 && bytes.size > Http1.MAX_HEAD) then
        Pull.raiseError[IO](IOException(s"request head longer than ${Http1.MAX_HEAD} bytes"))
      else if end >= 0 then
        Try(Http1.parse(String(bytes.values, bytes.offset, end, ISO_8859_1))) match
          case Failure(e) => Pull.raiseError[IO](e)
          case Success(h) =>
            in.cons(bytes.drop(end + 4)).pull.unconsN(h.length()).flatMap {
              case Some((body, rest)) =>
                Pull.output1(Chunk.array(Http1.head(h.length(), h.close())) ++ body) >>
                  (if h.close() then Pull.done else head(Chunk.empty, 0, rest))
              case None => Pull.raiseError[IO](IOException("connection closed in a request's body"))
            }
      else
        in.pull.uncons.flatMap {
          case Some((more, rest)) => head(if bytes.isEmpty then more else (bytes ++ more).compact, bytes.size, rest)
          case None if bytes.isEmpty => Pull.done // the client closed between requests
          case None => Pull.raiseError[IO](IOException("connection closed in a request's head"))
        }
    head(Chunk.empty, 0, in).stream

  /** Each answer once the stream has slept the wait; `answers` itself when there is none. */
  private def afterWait(answers: Stream[IO, Chunk[Byte]]): Stream[IO, Chunk[Byte]] =
    if waitMs == 0 then answers else answers.evalTap(_ => IO.sleep(waitMs.millis))

  /** Where "\r\n\r\n" starts in `b`, looking from `from`; -1 if it is not there. */
  private def endOfHead(b: Chunk.ArraySlice[Byte], from: Int): Int =
    val a = b.values
    var i = b.offset + from
    val last = b.offset + b.size - 4
    while i <= last && !(a(i) == '\r' && a(i + 1) == '\n' && a(i + 2) == '\r' && a(i + 3) == '\n') do i += 1
    if i <= last then i - b.offset else -1

  /** Cancels the server's fiber (every connection with it), closes the listening channel and waits
   * until the selector has let go of it (the port is free only then), then stops the runtime. */
  override protected def stop(): Unit =
    try
      if release.unsafeRunTimed(timeout).isEmpty then throw IllegalStateException(s"$id: not released within $timeout")
    finally own.close(Nil)
