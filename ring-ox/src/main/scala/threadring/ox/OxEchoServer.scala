package threadring.ox

import java.io.{BufferedInputStream, BufferedOutputStream, IOException}
import java.net.{InetAddress, ServerSocket, Socket}
import ox.{Ox, forever, forkDiscard, releaseCloseableAfterScope, sleep}
import scala.concurrent.duration.*
import threadring.core.AbstractWorkload
import threadring.core.echo.{EchoServer, Http1}

/**
 * The echo server in Ox's direct style: one `supervised` scope (OxScope) whose acceptor fork starts
 * a fork per connection, each a virtual thread doing blocking java.net I/O (Ox has no socket layer
 * of its own: plain blocking code on virtual threads is its way). Every fork is a daemon, so close()
 * ends the scope at once: Ox interrupts the forks, and interrupting a virtual thread blocked on a
 * socket closes that socket; once they have ended, the scope's finalizer closes the listening socket.
 * Opened to wait (`waitMs` > 0), a connection's fork waits with Ox's `sleep` before each answer: its
 * virtual thread unmounts, and close()'s interrupt ends the wait.
 */
final class OxEchoServer(id: String, waitMs: Int) extends AbstractWorkload(id, "echo server") with EchoServer:

  private val delay = waitMs.millis

  private val server =
    try ServerSocket(0, OxEchoServer.Backlog, InetAddress.getLoopbackAddress)
    catch case e: IOException => throw IllegalStateException(s"$id: cannot listen on 127.0.0.1: ${e.getMessage}", e)

  private val scope =
    try
      OxScope(id, "its acceptor", closeTimeout(), track, fail) {
        releaseCloseableAfterScope(server)
        forkDiscard(accept())
      }
    catch
      case e: Throwable =>
        server.close() // the scope may never have run, so its finalizer neither
        throw e

  override def port(): Int = server.getLocalPort

  /** Daemon forks, not user forks: a user fork would keep the scope, and close(), waiting for its client. */
  private def accept()(using Ox): Unit =
    try
      forever {
        val socket = server.accept()
        try forkDiscard(serve(socket))
        catch
          case e: Throwable =>
            socket.close() // the scope is ending and takes no new forks
            throw e
      }
    catch case _: IOException if server.isClosed => () // close(): the interrupt closed the socket accept was blocked on
    // any other accept failure ends the scope, and OxScope reports it

  /** Keep-alive until the client closes or asks to. Client I/O errors end only this fork: any exception would end the scope. */
  private def serve(socket: Socket): Unit =
    try
      socket.setTcpNoDelay(true)
      val in = BufferedInputStream(socket.getInputStream)
      val out = BufferedOutputStream(socket.getOutputStream)
      var request = Http1.read(in)
      while request != null do
        if waitMs > 0 then sleep(delay)
        Http1.answer(out, request)
        request = if request.close then null else Http1.read(in)
    catch
      // the client left or sent what is not HTTP, or close() interrupted the fork (in its wait, or on the socket)
      case _: (IOException | InterruptedException) => ()
    finally socket.close()

  override protected def stop(): Unit = scope.close()

object OxEchoServer:
  /** Connections the kernel may queue before accept: the sweep opens up to 10,000 at once. */
  val Backlog = 16_384
