package threadring.coroutines

import io.ktor.utils.io.ByteReadChannel
import io.ktor.utils.io.readAvailable
import io.ktor.utils.io.readFully
import io.ktor.utils.io.readUTF8Line
import java.io.IOException
import threadring.core.echo.Http1

/** How a ktor-network echo connection takes its requests off its `ByteReadChannel`; [note] is for descriptions. */
enum class Framing(val note: String, val reader: (ByteReadChannel) -> Requests) {
    /** ktor-io's text API, as its examples read: the head line by line, then the body by its length. */
    LINES("", ::LineRequests),

    /** One buffer per connection, scanned once per request for the empty line. */
    BUFFERED(", one buffered parse per request", { BufferedRequests(ChannelSource(it)) }),
}

/** Where a connection's bytes come from: a ktor `ByteReadChannel`, or a socket read by hand ([SelectableSocket]). */
interface ByteSource {
    /** Reads at most [length] bytes into [into] from [offset], suspending until there are some; -1 at the end of input. */
    suspend fun readAvailable(into: ByteArray, offset: Int, length: Int): Int

    /** Fills into[from until end], or fails at the end of input. */
    suspend fun readFully(into: ByteArray, from: Int, end: Int) {
        var at = from
        while (at < end) {
            val n = readAvailable(into, at, end - at)
            if (n < 0) throw IOException("connection closed in a request's body")
            at += n
        }
    }
}

/** A `ByteReadChannel` as a [ByteSource]: its own reads. */
private class ChannelSource(private val input: ByteReadChannel) : ByteSource {
    override suspend fun readAvailable(into: ByteArray, offset: Int, length: Int): Int =
        input.readAvailable(into, offset, length)

    override suspend fun readFully(into: ByteArray, from: Int, end: Int) = input.readFully(into, from, end)
}

/** One connection's requests, one after another: a head, then its body. */
interface Requests {
    /** The next request's head; null if the client closed the connection between requests. */
    suspend fun head(): Http1.Head?

    /** The body of the head just read. */
    suspend fun body(length: Int): ByteArray
}

/** `readUTF8Line` until the empty line, then `readFully`. */
private class LineRequests(private val input: ByteReadChannel) : Requests {

    override suspend fun head(): Http1.Head? {
        val head = StringBuilder()
        while (true) {
            val line = input.readUTF8Line(Http1.MAX_HEAD)
                ?: if (head.isEmpty()) return null else throw IOException("connection closed in a request's head")
            if (line.isEmpty()) {
                return Http1.parse(head.toString())
            }
            head.append(line).append("\r\n")
            if (head.length > Http1.MAX_HEAD) throw IOException("request head longer than ${Http1.MAX_HEAD} bytes")
        }
    }

    override suspend fun body(length: Int): ByteArray = ByteArray(length).also { input.readFully(it) }
}

/**
 * Reads whatever the source has into one buffer, finds the end of the head with one scan that
 * resumes where the last one stopped, and keeps what follows the head: the body's first bytes and
 * any request pipelined after it.
 */
internal class BufferedRequests(private val input: ByteSource) : Requests {
    private var buffer = ByteArray(INITIAL)
    /** The unread bytes are buffer[start until end]. */
    private var start = 0
    private var end = 0

    override suspend fun head(): Http1.Head? {
        var scanned = 0 // bytes after start known not to begin "\r\n\r\n"
        while (true) {
            val at = blankLine(start + scanned)
            if (at >= 0) {
                if (at + 4 - start > Http1.MAX_HEAD) break
                val head = Http1.parse(String(buffer, start, at - start, Charsets.ISO_8859_1))
                start = at + 4
                return head
            }
            if (end - start >= Http1.MAX_HEAD) break
            scanned = maxOf(0, end - start - 3)
            if (!fill()) {
                if (start == end) return null
                throw IOException("connection closed in a request's head")
            }
        }
        throw IOException("request head longer than ${Http1.MAX_HEAD} bytes")
    }

    override suspend fun body(length: Int): ByteArray {
        val body = ByteArray(length)
        val buffered = minOf(length, end - start)
        buffer.copyInto(body, 0, start, start + buffered)
        start += buffered
        if (buffered < length) {
            input.readFully(body, buffered, length) // the rest straight from the source, not through the buffer
        }
        return body
    }

    /** Where "\r\n\r\n" starts in buffer[from until end], or -1. */
    private fun blankLine(from: Int): Int {
        val b = buffer
        for (i in from until end - 3) {
            if (b[i] == CR && b[i + 1] == LF && b[i + 2] == CR && b[i + 3] == LF) return i
        }
        return -1
    }

    /** Moves the unread bytes to the front, grows a full buffer (at most to MAX_HEAD), reads what is there; false at the end. */
    private suspend fun fill(): Boolean {
        if (start > 0) {
            buffer.copyInto(buffer, 0, start, end)
            end -= start
            start = 0
        }
        if (end == buffer.size) buffer = buffer.copyOf(minOf(buffer.size * 2, Http1.MAX_HEAD))
        val n = input.readAvailable(buffer, end, buffer.size - end)
        if (n < 0) return false
        end += n
        return true
    }

    private companion object {
        /** Enough for the heads clients send (wrk's and EchoClient's are under 200 bytes). */
        const val INITIAL = 4 * 1024
        const val CR = '\r'.code.toByte()
        const val LF = '\n'.code.toByte()
    }
}
