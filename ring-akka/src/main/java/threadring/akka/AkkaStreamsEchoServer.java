package threadring.akka;

import akka.actor.ActorSystem;
import akka.japi.function.Function;
import akka.pattern.Patterns;
import akka.stream.KillSwitches;
import akka.stream.Materializer;
import akka.stream.SharedKillSwitch;
import akka.stream.javadsl.Flow;
import akka.stream.javadsl.Sink;
import akka.stream.javadsl.Tcp;
import akka.util.ByteString;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import threadring.core.AbstractWorkload;
import threadring.core.echo.EchoServer;
import threadring.core.echo.Http1;

/**
 * The echo server as an Akka Streams user writes it: {@code Tcp.bind}, and per incoming
 * connection its own materialized stream (actors underneath) that frames HTTP/1.1 requests out
 * of the byte chunks ({@code statefulMapConcat}) and answers each with its body. A shared kill
 * switch ends every connection on close. Opened to wait, each answer is held back by the
 * system's scheduler ({@code Patterns.after}, no thread blocked), one at a time per connection,
 * so answers stay in order. On a dispatcher other than the default, every connection's stream runs
 * on it ({@code stream.materializer.dispatcher}); Tcp's selectors stay on the library's own.
 * Pekko's twin is generated from this file (pom.xml).
 */
final class AkkaStreamsEchoServer extends AbstractWorkload implements EchoServer {

    static final int BACKLOG = 16_384;

    private final OwnedSystem owned;
    private final ActorSystem system;
    private final SharedKillSwitch connections = KillSwitches.shared("echo connections");
    private final Tcp.ServerBinding binding;

    /** {@code on}: the dispatcher its streams are materialized on (Pekko's {@code -loom}: its virtual-thread executor). */
    AkkaStreamsEchoServer(String id, int waitMs, Dispatcher on) {
        super(id, "echo server");
        owned = new OwnedSystem(id, this::track);
        system = ActorSystem.create(owned.name, OwnedSystem.config("akka", on));
        Materializer materializer = Materializer.matFromSystem(system);
        Flow<ByteString, Answer, ?> answers = Flow.of(ByteString.class)
                .via(connections.flow())
                .statefulMapConcat(Framing::new);
        Flow<ByteString, ByteString, ?> echo = afterWait(answers, waitMs)
                .takeWhile(answer -> !answer.close(), true) // the answer to "Connection: close" is the last
                .map(answer -> {
                    answering();
                    return answer.bytes();
                });
        try {
            binding = Tcp.get(system)
                    .bind(InetAddress.getLoopbackAddress().getHostAddress(), 0, BACKLOG, List.of(), false,
                            Optional.empty())
                    .to(Sink.foreach(connection -> connection.handleWith(echo, materializer)))
                    .run(materializer).toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            system.terminate();
            throw new IllegalStateException(id + ": cannot listen on 127.0.0.1: " + e.getMessage(), e);
        }
        owned.trackThreads();
    }

    /** Each answer once the scheduler has waited {@code waitMs} for it; {@code answers} itself when there is no wait. */
    private Flow<ByteString, Answer, ?> afterWait(Flow<ByteString, Answer, ?> answers, int waitMs) {
        if (waitMs == 0) {
            return answers;
        }
        Duration wait = Duration.ofMillis(waitMs);
        return answers.mapAsync(1, answer -> Patterns.after(wait, system, () -> CompletableFuture.completedFuture(answer)));
    }

    /** One answer: its bytes, and whether the connection ends after it. */
    record Answer(ByteString bytes, boolean close) {}

    /** A connection's framing: the bytes received so far cut into requests, each turned into its answer. */
    static final class Framing implements Function<ByteString, Iterable<Answer>> {
        private static final long serialVersionUID = 1L;
        private ByteString buffer = ByteString.emptyByteString();

        @Override
        public Iterable<Answer> apply(ByteString chunk) throws IOException {
            buffer = buffer.concat(chunk);
            List<Answer> answers = new ArrayList<>();
            while (true) {
                int end = endOfHead(buffer);
                if (end < 0) {
                    if (buffer.size() > Http1.MAX_HEAD) {
                        throw new IOException("request head longer than " + Http1.MAX_HEAD + " bytes");
                    }
                    return answers;
                }
                Http1.Head head = Http1.parse(buffer.slice(0, end).decodeString(StandardCharsets.ISO_8859_1));
                int length = end + 4 + head.length();
                if (buffer.size() < length) {
                    return answers;
                }
                answers.add(new Answer(ByteString.fromArrayUnsafe(Http1.head(head.length(), head.close()))
                        .concat(buffer.slice(end + 4, length)), head.close()));
                buffer = buffer.drop(length);
                if (head.close()) {
                    return answers;
                }
            }
        }

        /** Where "\r\n\r\n" starts, or -1. */
        private static int endOfHead(ByteString b) {
            for (int i = 0; i + 3 < b.size(); i++) {
                if (b.apply(i) == '\r' && b.apply(i + 1) == '\n' && b.apply(i + 2) == '\r' && b.apply(i + 3) == '\n') {
                    return i;
                }
            }
            return -1;
        }
    }

    @Override
    public int port() {
        return binding.localAddress().getPort();
    }

    @Override
    protected void stop() throws Exception {
        binding.unbind().toCompletableFuture().get(10, TimeUnit.SECONDS);
        connections.shutdown();
        owned.terminate(() -> {
            system.terminate();
            return system.getWhenTerminated();
        }, Duration.ofSeconds(10));
    }
}
