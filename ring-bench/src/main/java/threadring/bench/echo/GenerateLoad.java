package threadring.bench.echo;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import threadring.bench.data.Json;

/**
 * The open-model load ({@link OpenLoad}) in a JVM of its own, pinned to the load's cpu as wrk is:
 * started by {@link EchoLoad} as {@code [taskset -c CPU] java -cp benchmarks.jar
 * threadring.bench.echo.GenerateLoad}, it reads one {@link Command} per line on standard input and
 * answers each with {@link #PREFIX} and a JSON {@link Reply}: {@code connect} (open the
 * connections, one answered request each), {@code rung} (a rate for some seconds), {@code close}.
 */
public final class GenerateLoad {

    static final String PREFIX = "threadring-load ";

    /** What is asked: {@code op} connect (port, connections, seconds: the time allowed), rung (rate, seconds), close. */
    record Command(String op, int port, int connections, int seconds, double rate) {}

    /**
     * One answer: what connect held, or a rung's result, with the connections' errors so far
     * (refused, lost, a wrong answer: counted, null if none) and the wrong answers among them (null
     * if none: one fails the id); or why the command failed.
     */
    record Reply(EchoScore.Held held, EchoScore.Rung rung, String errors, String wrong, String error) {}

    private GenerateLoad() {}

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        try (OpenLoad load = new OpenLoad()) {
            for (String line; (line = in.readLine()) != null; ) {
                Command c = Json.GSON.fromJson(line, Command.class);
                switch (c.op()) {
                    case "connect" -> reply(new Reply(load.connect(c.port(), c.connections(), c.seconds()), null,
                            load.errors(), load.wrong(), null));
                    case "rung" -> reply(new Reply(null, load.rung(c.rate(), c.seconds()), load.errors(), load.wrong(), null));
                    case "close" -> {
                        return;
                    }
                    default -> reply(new Reply(null, null, null, null, "unknown command '" + c.op() + "'"));
                }
            }
        } finally {
            System.out.flush();
        }
    }

    private static void reply(Reply r) {
        System.out.println(PREFIX + EchoServe.LINE.toJson(r));
        System.out.flush();
    }
}
