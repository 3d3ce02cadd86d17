package threadring.bench.echo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import threadring.bench.data.Json;
import threadring.bench.util.LinuxProc;
import threadring.bench.util.Processes;

/**
 * Latency at fixed offered rates ({@link OpenLoad} in its own JVM, {@link GenerateLoad}): the
 * generator holds the C connections first, then offers each rate of {@link #RATES} for
 * {@link #RUNG_SECONDS} (after one unkept second at the lowest, the generator's own warm-up),
 * climbing while the server sustains it (every request answered, p99 at most {@link #TARGET_P99_MS}),
 * the generator is not the limit (its cpu less than {@link EchoScore.OfferedRates#GENERATOR_BOUND_CORES} busy, its
 * own p99 lag less than {@link EchoScore.OfferedRates#GENERATOR_LAG_SHARE} of the target)
 * and the rate is within {@link #HEADROOM} of the repetition's peak. Every
 * id at a connection count meets the same rates, so their latencies compare rate by rate.
 */
final class Ladder {

    static final List<Double> RATES = EchoScore.OfferedRates.RATES;
    static final int RUNG_SECONDS = 1;
    /** What a ladder usually takes: a JVM, its connections, four or five rungs with their last answers. */
    static final double ESTIMATE_SECONDS = 8;
    static final double TARGET_P99_MS = EchoScore.OfferedRates.TARGET_P99_MS;
    static final double HEADROOM = EchoScore.OfferedRates.HEADROOM;
    static final Duration REPLY = Duration.ofSeconds(HeldWindow.HOLD_SECONDS + 30);

    private Ladder() {}

    /**
     * The ladder on the server listening on {@code port}: {@code java} is the generator's command
     * up to its class (its JDK, pinned to the load's cpu); {@code server}'s CPU is read around each
     * rung, so that servers compare by CPU per request at one offered rate.
     */
    static EchoScore.OfferedRates run(List<String> java, int port, int connections, double peak, LinuxProc server)
            throws IOException, InterruptedException {
        try (Processes.Child g = Processes.start(java)) {
            GenerateLoad.Reply held = ask(g, new GenerateLoad.Command("connect", port, connections,
                    HeldWindow.HOLD_SECONDS, 0));
            List<EchoScore.Rung> rungs = new ArrayList<>();
            String errors = held.errors();
            if (held.held().held() >= connections) {
                // the generator's own warm-up, not kept: its first second ran 10x the latency of the next
                ask(g, new GenerateLoad.Command("rung", port, connections, RUNG_SECONDS, RATES.get(0)));
                for (double rate : RATES) {
                    if (rate > peak * HEADROOM) {
                        break;
                    }
                    Long before = server.cpuNs();
                    GenerateLoad.Reply reply = ask(g, new GenerateLoad.Command("rung", port, connections, RUNG_SECONDS, rate));
                    Long after = server.cpuNs();
                    EchoScore.Rung r = reply.rung().withServerCpuMs(before == null || after == null ? null
                            : (after - before) / 1e6);
                    rungs.add(r);
                    errors = reply.errors();
                    if (!r.sustained(TARGET_P99_MS) || r.generatorBound(TARGET_P99_MS)) {
                        break;
                    }
                }
            }
            g.send(EchoServe.LINE.toJson(new GenerateLoad.Command("close", 0, 0, 0, 0)));
            g.waitFor(Duration.ofSeconds(10));
            return new EchoScore.OfferedRates(held.held(), rungs, errors);
        }
    }

    private static GenerateLoad.Reply ask(Processes.Child g, GenerateLoad.Command c)
            throws IOException, InterruptedException {
        g.send(EchoServe.LINE.toJson(c));
        String json = g.nextAfter(GenerateLoad.PREFIX, REPLY);
        if (json == null) {
            throw new IllegalStateException("the load generator did not answer '" + c.op() + "' within "
                    + REPLY.toSeconds() + " s: " + g.tail());
        }
        GenerateLoad.Reply r = Json.GSON.fromJson(json, GenerateLoad.Reply.class);
        if (r.error() != null) {
            throw new IllegalStateException("the load generator: " + r.error());
        }
        if (r.wrong() != null) { // as with wrk: a wrong echo fails the id
            throw new IllegalStateException("the open-model generator got answers that were not 200 with "
                    + "the request's body: " + r.wrong());
        }
        return r;
    }
}
