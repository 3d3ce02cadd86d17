package threadring.bench.echo;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import threadring.bench.echo.EchoScore.EchoRepetition;
import threadring.bench.report.Doc;
import threadring.bench.stats.Stats;

/** The echo table's burst column: what a server held a second into wrk's burst, and whether it was then paced. */
final class EchoBurst {

    private EchoBurst() {}

    /** The bursts {@code reps} recorded (none in runs before bursts were). */
    static List<EchoScore.Burst> bursts(List<EchoRepetition> reps) {
        return reps.stream().filter(x -> x.held() != null && x.held().burst() != null).map(x -> x.held().burst())
                .toList();
    }

    /**
     * The connections the server held a second into wrk's burst (median over repetitions), and in
     * how many repetitions they were then opened again at a pace.
     */
    static Doc.Cell cell(List<EchoRepetition> reps) {
        List<EchoScore.Burst> bursts = bursts(reps);
        double n = Stats.median(bursts.stream().filter(b -> b.held() >= 0).mapToDouble(EchoScore.Burst::held));
        long paced = bursts.stream().filter(EchoScore.Burst::paced).count();
        String text = (Double.isFinite(n) ? String.format(Locale.ROOT, "%,.0f", n) : "n/a")
                + (paced == 0 ? "" : " (then paced in " + paced + " of " + bursts.size() + ")");
        return Doc.Cell.number(text, n);
    }

    /** What the column means, with the pace that the paced ones of {@code reps} ran at. */
    static String note(List<EchoRepetition> reps) {
        Optional<EchoScore.Burst> paced = bursts(reps).stream().filter(EchoScore.Burst::paced).findFirst();
        return "*held 1 s into a burst*: wrk opens all C connections at once; the connections the server held a "
                + "second later (median over repetitions). Where a burst overflowed the server's listen queue (the "
                + "kernel dropped SYNs, which a client sends again only 1, 3, 7, 15 and 31 s later) and the server "
                + "held fewer than C, wrk opened the C connections again at a pace and the repetition was measured "
                + "on those"
                + paced.map(b -> String.format(Locale.ROOT, " (here %d wrk threads of %d connections, started %d ms "
                        + "apart: a load of that many threads, not one): *then paced*", b.pacedThreads(),
                        b.pacedPerThread(), b.pacedMs())).orElse(": no repetition here needed it");
    }
}
