package threadring.bench.echo;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import threadring.bench.options.Context;
import threadring.bench.options.SizeOptions;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.util.Converters;
import threadring.bench.util.UsageException;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.echo.EchoSize;

/**
 * The echo server's options: connections and waits make one series per combination (a sweep: 1,000
 * connections, between the 2020 experiment's 100 and a load of 10,000; check: 10); a check sends
 * {@code --requests} requests over them.
 */
public final class EchoOptions implements WorkloadOptions<EchoSize> {

    /** A sweep's connections: between the 2020 experiment's 100 and the 10,000 a thread per connection struggles with. */
    public static final List<Integer> RUN_CONNECTIONS = List.of(1_000);
    static final List<Integer> CHECK_CONNECTIONS = List.of(10);
    /** Requests of one check, spread over its connections. */
    static final int CHECK_REQUESTS = 1000;

    @Option(names = "--connections", paramLabel = "C", converter = Converters.Positive.class,
            description = "Echo server: connections open at once; repeat for one series per value (default: run 1000, "
                    + "check 10). Needs ulimit -n above C.")
    List<Integer> connections = new ArrayList<>();

    @Option(names = "--wait-ms", paramLabel = "D", converter = Converters.NonNegative.class,
            description = "Echo server: each request waits D ms, the model's way, before its answer; repeat for one "
                    + "series per value (default 0: answered at once). Its ideal is C / D requests/s.")
    List<Integer> waitsMs = new ArrayList<>();

    @Option(names = "--requests", paramLabel = "R", converter = Converters.Positive.class,
            description = "Echo server, check: requests to send, spread over --connections (default 1000).")
    Integer requests;

    @Override
    public Workload<EchoSize, ?> workload() {
        return EchoServer.WORKLOAD;
    }

    @Override
    public boolean byDefault(Context c) {
        return !c.check();
    }

    @Override
    public List<EchoSize> series(Context c, List<Integer> works) {
        if (requests != null && !c.check()) {
            throw new UsageException("--requests " + requests + " applies to check: a sweep measures what wrk sends");
        }
        List<EchoSize> echoes = new ArrayList<>();
        for (int conns : SizeOptions.or(connections, c.check() ? CHECK_CONNECTIONS : RUN_CONNECTIONS)) {
            for (int wait : SizeOptions.or(waitsMs, List.of(0))) {
                try {
                    echoes.add(new EchoSize(conns, wait));
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--" + e.getMessage().replace("wait_ms", "wait-ms"));
                }
            }
        }
        return echoes;
    }

    @Override
    public Integer steps(Context c) {
        return c.check() ? Integer.valueOf(requests != null ? requests : CHECK_REQUESTS) : null;
    }

    @Override
    public List<String> arguments() {
        List<String> args = new ArrayList<>(SizeOptions.repeat("--connections", connections));
        args.addAll(SizeOptions.repeat("--wait-ms", waitsMs));
        args.addAll(SizeOptions.repeat("--requests", requests == null ? List.of() : List.of(requests)));
        return args;
    }
}
