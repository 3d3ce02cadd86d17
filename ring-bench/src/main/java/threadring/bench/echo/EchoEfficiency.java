package threadring.bench.echo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.commons.math3.stat.StatUtils;
import threadring.bench.report.Board;
import threadring.bench.report.Costs;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Series;
import threadring.bench.report.Text;
import threadring.bench.stats.IdSpread;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;
import threadring.bench.stats.Tiers;
import threadring.bench.util.LinuxProc;
import threadring.core.echo.EchoServer;

/**
 * The echo servers as server engineers judge them: the server's CPU per request at one offered rate
 * that every server answered in full in every repetition (the open-model generator's, so that each
 * server does the same work per second), read from /proc around each rate. Unlike requests/s under wrk's
 * closed loop, which on one server cpu is one over the CPU per request at saturation and moves
 * 2-3x between repetitions with the machine, this is a cost at a fixed load. Its intervals are over
 * the run's repetitions (Student t on the logarithms, at least a clock tick's error), with no run-to-run component.
 */
final class EchoEfficiency {

    private EchoEfficiency() {}

    /** A server at the common rate: its CPU µs per request, one value per repetition; its tier (0: none). */
    record Entry(Series.Row form, Stats.Summary usPerRequest, int tier) {
        Stats.Ratio over(Entry other) {
            return Stats.ratio(usPerRequest, other.usPerRequest);
        }
    }

    /** The ranking at {@code rate}, least CPU per request first. */
    record Ranking(double rate, List<Entry> entries) {}

    /**
     * The forms ranked by CPU per request at the highest offered rate that every form with a ladder
     * answered in full in every repetition, its server's CPU read ({@link #commonRate}); empty where the forms (older runs,
     * a handler that waits) have none, or where fewer than two share a rate.
     */
    static Optional<Ranking> of(List<Series.Row> forms) {
        List<Series.Row> laddered = forms.stream().filter(f -> !EchoLatency.rungs(f).isEmpty()).toList();
        OptionalDouble rate = commonRate(laddered);
        if (rate.isEmpty() || laddered.size() < 2) {
            return Optional.empty();
        }
        // each form's summary once, then sorted by it
        Pooled pooled = Pooled.of(laddered, rate.getAsDouble());
        Map<Series.Row, Stats.Summary> byForm = new IdentityHashMap<>();
        laddered.forEach(f -> byForm.put(f, usPerRequest(f, rate.getAsDouble(), pooled)));
        List<Series.Row> sorted = laddered.stream().sorted(Comparator.comparingDouble(f -> byForm.get(f).median())).toList();
        List<Stats.Summary> levels = sorted.stream().map(byForm::get).toList();
        int[] tiers = Tiers.of(levels.stream().map(l -> !l.modal() && l.forks() >= TIERED_REPETITIONS).toList(),
                (slower, faster) -> Stats.ratio(levels.get(slower), levels.get(faster)));
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            entries.add(new Entry(sorted.get(i), levels.get(i), tiers[i]));
        }
        return Optional.of(new Ranking(rate.getAsDouble(), entries));
    }

    /**
     * The highest rate offered to each of {@code forms} in every repetition, every request answered and
     * its server's CPU read: the same work per second for each. Its p99 may have missed the ladder's
     * target (the climb then stopped there): a server late at p99 still did the work, and one missed
     * rung must not leave the whole series without a rate (threads/socket missed 5,000/s in one of three
     * repetitions of 20261130-015323 at a p99 of 15.7 ms, its other two at 0.41 and 0.45 ms).
     */
    static OptionalDouble commonRate(List<Series.Row> forms) {
        if (forms.isEmpty()) {
            return OptionalDouble.empty();
        }
        return EchoScore.OfferedRates.RATES.stream().filter(rate -> forms.stream().allMatch(f -> measuredAt(f, rate)))
                .mapToDouble(Double::doubleValue).max();
    }

    private static boolean measuredAt(Series.Row form, double rate) {
        List<EchoScore.EchoRepetition> reps = form.measured().score(EchoScore.class).orElseThrow().repetitions();
        List<EchoScore.Rung> at = EchoLatency.rungs(form).getOrDefault(rate, List.of());
        return !at.isEmpty() && at.size() == reps.stream().filter(r -> r.ladder() != null).count()
                && at.stream().allMatch(g -> g.answered() == g.requests() && Double.isFinite(g.serverUsPerRequest())
                        && g.serverUsPerRequest() > 0);
    }

    /**
     * The server's CPU µs per request at {@code rate}, one value per repetition; its spread at least
     * what reading the CPU in whole clock ticks adds ({@link #tickSd}), so that repetitions that read
     * the same tick count do not make a zero-width interval (threads/socket read 190 ms in each of
     * three in 20261130-020628).
     */
    static Stats.Summary usPerRequest(Series.Row form, double rate) {
        return usPerRequest(form, rate, Pooled.NONE);
    }

    /**
     * The same in a series whose repetitions spread by {@code pooled}: a server with fewer than
     * {@link Stats#MIN_INTERVAL} repetitions (its third skipped for the budget) cannot tell its own
     * spread, so it takes at least the series' pooled one, on the pooled degrees of freedom.
     */
    static Stats.Summary usPerRequest(Series.Row form, double rate, Pooled pooled) {
        List<EchoScore.Rung> at = EchoLatency.rungs(form).get(rate);
        double tick = tickSd(at);
        IdSpread floor = at.size() < Stats.MIN_INTERVAL && pooled.sd() > tick
                ? new IdSpread(pooled.sd(), pooled.df(), 0, 0) : new IdSpread(tick, TICK_DF, 0, 0);
        return Stats.summarize(at.stream().map(g -> List.of(g.serverUsPerRequest())).toList(),
                new RerunComponent(0, 0, floor));
    }

    /** The fewest repetitions a server is tiered on: the two every server gets whatever the budget. */
    static final int TIERED_REPETITIONS = EchoJobs.MANDATORY_REPETITIONS;

    /**
     * How far a repetition's log CPU per request lies from its server's mean, pooled over the
     * servers of a series at one rate (each server's repetitions less one are its degrees of freedom).
     */
    record Pooled(double sd, int df) {
        static final Pooled NONE = new Pooled(0, 0);

        static Pooled of(List<Series.Row> forms, double rate) {
            double squares = 0;
            int df = 0;
            for (Series.Row f : forms) {
                double[] logs = EchoLatency.rungs(f).get(rate).stream()
                        .mapToDouble(g -> Math.log(g.serverUsPerRequest())).toArray();
                if (logs.length > 1) {
                    squares += StatUtils.variance(logs) * (logs.length - 1);
                    df += logs.length - 1;
                }
            }
            return df == 0 ? NONE : new Pooled(Math.sqrt(squares / df), df);
        }
    }

    /** The tick floor is known, not estimated: as good as this many degrees of freedom. */
    static final int TICK_DF = 1000;

    /**
     * The sd of a repetition's log CPU that whole ticks add: the difference of two readings in ticks
     * is off by less than one tick either way (triangular: variance a sixth of a tick squared), over
     * the least CPU of {@code rungs}.
     */
    static double tickSd(List<EchoScore.Rung> rungs) {
        double leastMs = rungs.stream().mapToDouble(EchoScore.Rung::serverCpuMs).min().orElse(Double.NaN);
        return LinuxProc.TICK_NS / 1e6 / leastMs / Math.sqrt(6);
    }

    private static double p99Ms(Series.Row form, double rate) {
        return Stats.median(EchoLatency.rungs(form).get(rate).stream().mapToDouble(g -> g.latencyUs().p99() / 1000));
    }

    /**
     * The ranking as the glance reads it: CPU µs a request at the common rate, least first, ratios over
     * the run's repetitions; empty where there is no ranking.
     */
    static Optional<Board> board(Series<?> s, List<Series.Row> forms) {
        return of(forms).map(r -> {
            Map<String, Entry> byId = new HashMap<>();
            r.entries().forEach(e -> byId.put(e.form().id(), e));
            List<Board.Entry> entries = r.entries().stream().map(e -> new Board.Entry(e.form(), e.form().model(),
                    e.usPerRequest().median(), e.tier(), false, e.usPerRequest().modal(), Costs.PerStep.UNKNOWN)).toList();
            return new Board(s, "µs of server CPU a request", Format::amount, entries,
                    (a, b) -> byId.get(a.id()).over(byId.get(b.id())), "less CPU than", "more CPU than",
                    new Text().words("at ").number(Format.rate(r.rate()), r.rate()).words(" requests/s offered"));
        });
    }

    private static String us(Stats.Summary s) {
        return Format.amount(s.median()) + " µs" + (s.interval() == null ? "" : " [" + Format.amount(s.interval().low())
                + "–" + Format.amount(s.interval().high()) + "]");
    }

    /** The answer's table of the ranking, with the rule it follows; nothing where there is no ranking. */
    static void write(String name, List<Series.Row> forms, String baseline, Map<String, Boolean> bound, Doc doc) {
        Optional<Ranking> ranking = of(forms);
        if (ranking.isEmpty()) {
            return;
        }
        Ranking r = ranking.get();
        Optional<Entry> base = r.entries().stream().filter(e -> e.form().id().equals(baseline)).findFirst();
        String rate = Format.rate(r.rate());
        List<Doc.Column> columns = new ArrayList<>(List.of(Format.number("tier"), Format.text("server"),
                Format.number("server CPU µs/request at " + rate + "/s [95%]")));
        base.ifPresent(b -> columns.add(Format.number("x " + baseline + " [95%]")));
        columns.add(Format.number("p99 ms at " + rate + "/s"));
        columns.add(Format.number("peak requests/s under wrk"));
        List<Doc.Row> rows = new ArrayList<>();
        for (Entry e : r.entries()) {
            List<Doc.Cell> cells = new ArrayList<>(List.of(e.tier() > 0 ? Doc.Cell.number(String.valueOf(e.tier()), e.tier())
                    : Doc.Cell.of("–"), Doc.Cell.of(e.form().id()), Doc.Cell.number(e.usPerRequest().modal()
                    ? Format.text(e.usPerRequest(), Format::amount, i -> Format.amount(i.low()) + "–" + Format.amount(i.high()))
                    : us(e.usPerRequest()).replace(" µs", ""), e.usPerRequest().median())));
            base.ifPresent(b -> cells.add(e == b ? Doc.Cell.number("1 (baseline)", 1) : Doc.Cell.number(
                    Format.ratio(e.over(b)), e.usPerRequest().median() / b.usPerRequest().median())));
            double p99 = p99Ms(e.form(), r.rate());
            cells.add(Doc.Cell.number(String.format(Locale.ROOT, "%.2f", p99), p99));
            double peak = 1e9 / e.form().summary().median(); // a served row's level is ns per request
            cells.add(Doc.Cell.number((bound.getOrDefault(e.form().id(), false) ? "at least " : "") + Format.rate(peak), peak));
            rows.add(new Doc.Row(cells, Format.tags(e.form().id(), EchoServer.WORKLOAD)));
        }
        doc.paragraph("**" + name + "**, the servers by CPU per request at one offered rate, least first.");
        doc.add(new Doc.Table("answer", columns, rows));
        doc.bullets(List.of("The server's CPU (all its threads, from /proc) while the open-model generator offered "
                + rate + " requests/s, the highest rate offered to every server in every repetition and answered "
                + "in full, divided by the requests: each server did the same work per second, so this is what a "
                + "request costs it at that load (read in clock ticks of 10 ms, over about a second). Level and "
                + "interval over this run's repetitions (Student t on the logarithms, with at least a clock tick's error; no run-to-run component); "
                + "a server with two repetitions (a third not granted by the budget) is shown as its two values and takes "
                + "at least the spread the series' repetitions show about their servers' means, pooled; "
                + "tiers by the rule above. *peak requests/s*: wrk's closed loop, \"at least\" where "
                + "wrk, not the server, was the limit."));
    }
}
