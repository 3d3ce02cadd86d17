package threadring.bench.echo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.echo.EchoScore.EchoRepetition;
import threadring.bench.report.Board;
import threadring.bench.report.Chart;
import threadring.bench.report.Costs;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Series;
import threadring.bench.report.StepTable;
import threadring.bench.report.Text;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Stats;
import threadring.bench.util.CpuList;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.echo.EchoSize;

/**
 * The echo server's part of report.md and report.html: what the load was, the chart, and per
 * configuration and connection count a table of requests per second with its interval over
 * repetitions, wrk's latency percentiles, errors, and the server's memory and threads per
 * connection.
 */
public final class EchoSection implements WorkloadSection<EchoSize> {

    static final String PNG = "chart-echo.png";
    static final String SVG = "chart-echo.svg";

    @Override
    public Workload<EchoSize, ?> workload() {
        return EchoServer.WORKLOAD;
    }


    /** The glance reads the servers by their CPU a request at one offered rate ({@link EchoEfficiency#board}). */
    @Override
    public Optional<Board> board(Run run, Series<EchoSize> s, List<Series.Row> forms) {
        return EchoEfficiency.board(s, forms);
    }

    @Override
    public Text step(EchoSize size) {
        return new Text().words("answer an HTTP request on one of ").number(Format.count(size.connections()),
                size.connections()).words(" held connections, the server on one cpu");
    }

    @Override
    public String job() {
        return "A server";
    }

    @Override
    public void answerBeside(Run run, Series<EchoSize> s, List<Series.Row> forms, Doc doc) {
        EchoEfficiency.write(name(run, s), forms, EchoUnit.BASELINE, forms.stream().collect(Collectors.toMap(
                Series.Row::id, this::boundByLoad, (a, b) -> a)), doc);
    }

    /**
     * The series' heading, with where its servers and wrk ran: the configuration's label says
     * "cpusall" (the JDK unpinned), but the echo server runs pinned to its own cpus and wrk to others.
     */
    @Override
    public String name(Run run, Series<EchoSize> s) {
        String head = s.label() + ", " + s.size().describe();
        return s.rows(run).stream().flatMap(r -> r.measured().score(EchoScore.class).stream()).filter(e -> e.serverCpus() != null)
                .findFirst().map(e -> head + " (server pinned to cpu " + e.serverCpus()
                        + (e.wrkCpus() == null ? "" : ", wrk to cpu " + e.wrkCpus()) + ")").orElse(head);
    }


    /** A server's B/A is that of its time per request (the inverse of its requests per second). */
    @Override
    public String compareColumn() {
        return "B/A time per request";
    }

    @Override
    public void charts(Path dir, Run run) {
        Chart.write(dir, run, Series.of(run, EchoServer.WORKLOAD), s -> name(run, s), "us per request (1 / requests per second)", 1e3, PNG, SVG);
        EchoLatency.charts(dir, run, s -> name(run, s));
    }

    /** The section's head: the method and the chart, if the run has the echo server. */
    @Override
    public void summary(Run run, Doc doc) {
        List<Series<EchoSize>> echo = Series.of(run, EchoServer.WORKLOAD);
        if (echo.isEmpty()) {
            return;
        }
        doc.heading(2, "Echo server under wrk");
        EchoScore any = echo.stream().flatMap(s -> s.rows(run).stream()).flatMap(r -> r.measured().score(EchoScore.class).stream())
                .findFirst().orElse(null);
        doc.paragraph("Each id serves HTTP/1.1 keep-alive on 127.0.0.1 with one concurrent entity of its model per "
                + "connection; wrk holds C connections open, each posting a fixed body and checking that every "
                + "response is 200 with that body (" + RunFile.ECHO_SCRIPT + " in this run's folder: one wrong echo fails the "
                + "id). A repetition is a fresh server JVM with the id's flags: "
                + (any == null ? "a warm-up load, then the measured one" : warmUp(echo, run, any)
                        + " on at most " + EchoScore.WARMUP_CONNECTIONS + " connections, then " + any.seconds()
                        + (held(run, echo) ? " s measured on C fresh ones, the clock started only once the server held all "
                                + "C (the sockets it accepted on its port; until then each connection sends one request a "
                                + "second; a server that does not hold C within " + EchoScore.HOLD_SECONDS + " s is not "
                                + "measured at fewer: its row says how many it held)"
                                : " s measured on C fresh ones (the server accepting them is part of it)")
                        + "; the server pinned to cpus " + any.serverCpus()
                        + ", wrk (one thread, unless its connections were paced) to cpu " + any.wrkCpus())
                + ". *requests/s*: level [95% interval over repetitions, Student t on the logarithms]; an ordering "
                + "holds only where two rows' intervals are separated (share no value). wrk's own latency is not "
                + "shown: its percentiles cover its whole run, connecting included, and a closed loop leaves out "
                + "queueing (the offered rates below time it). The server's resident set "
                + "(RSS), heap used, *connections held* (the server's open files over the idle server's) and "
                + "threads (the live threads it "
                + "tracks, platform or virtual: one per connection for the thread-per-connection servers, the "
                + "event loops or the dispatcher threads alive at its start for the others; and the JVM's "
                + "platform threads) are sampled every "
                + EchoScore.SAMPLE_EVERY_MS + " ms under load: the median of the samples, then over "
                + "repetitions.");
        if (echo.stream().anyMatch(s -> !s.rows(run).isEmpty())) {
            doc.add(new Doc.Image("us per request (1 / requests per second): median and 95% interval over "
                    + "repetitions, log scale", PNG, SVG));
        }
        EchoMemory.perConnection(run, echo, doc);
    }

    /** The server's CPU and switches per request, its cores busy and the generator's: medians over repetitions. */
    private static List<Doc.Cell> costCells(List<EchoRepetition> reps) {
        Costs.PerStep server = serverCost(reps);
        double cpuUs = server.cpuNs() / 1000;
        double generator = Stats.median(reps.stream().filter(x -> x.cost() != null)
                .mapToDouble(x -> x.cost().generatorCores()));
        return List.of(Doc.Cell.number(Format.amount(cpuUs), cpuUs), Doc.Cell.number(two(server.cores()), server.cores()),
                Doc.Cell.number(Format.amount(server.switches()), server.switches()),
                Doc.Cell.number(two(generator), generator));
    }

    /** Cores busy from which a server pinned to one cpu is taken to have used all of it. */
    static final double ONE_BUSY_CPU = 0.95;

    /**
     * Where every server ran pinned to one cpu and kept it busy, the note that its requests/s is one
     * cpu's worth of its CPU per request: ranking by either is one order, with one spread.
     */
    static Optional<String> oneBusyCpu(List<Series.Row> rows) {
        double[] cores = rows.stream().filter(r -> echo(r).serverCpus() != null
                && CpuList.parse(echo(r).serverCpus()).size() == 1)
                .mapToDouble(r -> serverCost(echo(r).repetitions()).cores()).filter(Double::isFinite).toArray();
        if (cores.length == 0 || cores.length < rows.size()
                || Arrays.stream(cores).min().orElseThrow() < ONE_BUSY_CPU) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "*one busy cpu*: every server kept its one pinned cpu busy "
                + "(%.2f–%.2f cores, medians over repetitions), so its requests/s is 10^6 / its server CPU µs per "
                + "request: CPU per request ranks the servers in this same order, with the same spread between "
                + "repetitions", Arrays.stream(cores).min().orElseThrow(),
                Arrays.stream(cores).max().orElseThrow()));
    }

    /** The requests/s the server's cpus could answer at its measured CPU cost per request (NaN where unknown). */
    static double capacity(EchoScore e) {
        double cpuNs = serverCost(e.repetitions()).cpuNs();
        int cpus = e.serverCpus() == null ? 1 // a one-cpu machine: server and load share it
                : CpuList.parse(e.serverCpus()).size();
        return cpus * 1e9 / cpuNs;
    }

    /** The server's CPU ns and switches per request and its cores busy, medians over repetitions; its bytes unknown. */
    private static Costs.PerStep serverCost(List<EchoRepetition> reps) {
        List<EchoRepetition> counted = reps.stream().filter(x -> x.cost() != null).toList();
        double cpuNs = Stats.median(counted.stream().mapToDouble(x -> x.cost().serverCpuMs() == null ? Double.NaN
                : x.cost().serverCores() * 1e9 / x.requestsPerSecond()));
        double cores = Stats.median(counted.stream().mapToDouble(x -> x.cost().serverCores()));
        double switches = Stats.median(counted.stream().mapToDouble(x -> x.cost().serverSwitches() == null
                || x.cost().seconds() <= 0 ? Double.NaN
                : x.cost().serverSwitches() / x.cost().seconds() / x.requestsPerSecond()));
        return new Costs.PerStep(cpuNs, cores, switches, Double.NaN);
    }

    /** Its time per request over repetitions, as its table states requests/s (no run-to-run component). */
    @Override
    public Stats.Summary stated(Series.Row row) {
        return echo(row).cost();
    }

    /** A server's cost per request in the answer: the server JVM's, from /proc, not the JMH counters. */
    @Override
    public Costs.PerStep stepCost(Series<EchoSize> s, Series.Row form) {
        return serverCost(echo(form).repetitions());
    }

    /** A server whose load generator was busy: its requests/s is at least its level. */
    @Override
    public boolean boundByLoad(Series.Row form) {
        return loadBound(echo(form).repetitions());
    }

    /** wrk's cores busy in the measured window at which the load, not the server, set the rate. */
    static final double LOAD_BOUND_CORES = 0.90;

    /** Whether wrk was busy at least {@link #LOAD_BOUND_CORES} of its cpu (median over repetitions) while measured. */
    static boolean loadBound(List<EchoRepetition> reps) {
        return median(reps.stream().filter(x -> x.cost() != null).toList(), x -> x.cost().generatorCores())
                >= LOAD_BOUND_CORES;
    }

    private static Doc.Cell atLeast(Doc.Cell c) {
        return new Doc.Cell("at least " + c.text(), c.sort(), c.unstable(), c.tone());
    }

    private static String two(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : "n/a";
    }

    /** One configuration at one connection count. */
    @Override
    public void series(Run run, Series<EchoSize> series, Doc doc) {
        doc.heading(2, name(run, series));
        List<Series.Row> rows = series.rows(run);
        Optional<Series.Row> base = rows.stream().filter(r -> r.id().equals(EchoUnit.BASELINE)).findFirst();
        List<String> notes = new ArrayList<>();
        if (rows.isEmpty()) {
            doc.paragraph("No id was measured at " + connections(series) + " connections.");
        } else {
            table(run, series, rows, base, notes, doc);
        }
        notes.addAll(StepTable.problems(run, series));
        doc.bullets(notes);
        EchoLatency.write(series, name(run, series), rows, doc);
    }

    /** The series' table of its (non-empty) rows, adding what it needs said to {@code notes}. */
    private static void table(Run run, Series<EchoSize> series, List<Series.Row> rows, Optional<Series.Row> base,
            List<String> notes, Doc doc) {
        boolean counted = rows.stream().anyMatch(r -> echo(r).repetitions().stream().anyMatch(x -> x.cost() != null));
        boolean bursts = !EchoBurst.bursts(rows.stream().flatMap(r -> echo(r).repetitions().stream()).toList())
                .isEmpty();
        EchoSize size = series.size();
        double ideal = size.waitMs() > 0 ? size.connections() * 1000.0 / size.waitMs() : Double.NaN;
        List<Doc.Row> table = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Series.Row r = rows.get(i);
            EchoScore e = echo(r);
            table.add(new Doc.Row(cells(run, rows, i, e, base, ideal, counted, bursts),
                    Format.tags(r.id(), EchoServer.WORKLOAD)));
            repetitionNotes(r.id(), e.repetitions(), notes);
        }
        List<Doc.Column> columns = columns(size, ideal, counted, bursts, rows, notes);
        oneBusyCpu(rows).ifPresent(notes::add);
        doc.add(new Doc.Table("echo", columns, table));
        if (base.isEmpty()) {
            notes.add("speed-ups: n/a, " + EchoUnit.BASELINE + " was not measured at " + connections(series)
                    + " connections in this configuration");
        }
    }

    /** The cells of row {@code i} (its score {@code e}), in the order of the table's columns. */
    private static List<Doc.Cell> cells(Run run, List<Series.Row> rows, int i, EchoScore e, Optional<Series.Row> base,
            double ideal, boolean counted, boolean bursts) {
        Series.Row r = rows.get(i);
        Stats.Summary rps = e.requestsPerSecond();
        List<EchoRepetition> reps = e.repetitions();
        double rss = e.load(EchoScore.ServerSample::rssBytes);
        double heap = e.load(EchoScore.ServerSample::heapUsedBytes);
        long errors = reps.stream().mapToLong(x -> x.socketErrors() + x.timeouts()).sum();
        long requests = reps.stream().mapToLong(EchoRepetition::requests).sum();
        List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(r.id()), Doc.Cell.number(String.valueOf(reps.size()),
                        reps.size()),
                loadBound(reps) ? atLeast(Format.median(rps, Format::rate)) : Format.median(rps, Format::rate),
                Format.range(rps, Format::rateInterval),
                Doc.Cell.of(StepTable.stability(rps, run.settings(), false)),
                r.id().equals(EchoUnit.BASELINE) ? Doc.Cell.number("1 (baseline)", 1)
                        : base.map(b -> speedUp(b, r)).orElse(Doc.Cell.of("n/a"))));
        if (Double.isFinite(ideal)) {
            double capacity = counted ? capacity(e) : Double.NaN;
            // the lesser bound names itself: where the server's CPU is below C / D, the level over it too
            cells.add(Doc.Cell.number(overIdeal(rps, ideal) + (capacity < ideal
                    ? "; " + Format.times(rps.median() / capacity) + " of CPU capacity" : ""), rps.median() / ideal));
            if (counted) {
                cells.add(Doc.Cell.number(Format.rate(capacity) + (capacity < ideal ? " (below C / D)" : ""),
                        capacity));
            }
        }
        cells.addAll(List.of(
                Doc.Cell.number(String.format(Locale.ROOT, "%,d of %,d", errors, requests), errors),
                Doc.Cell.number(Format.mib(rss), rss), Doc.Cell.number(Format.mib(heap), heap),
                held(e)));
        if (bursts) {
            cells.add(EchoBurst.cell(reps));
        }
        cells.addAll(List.of(threads(e, EchoScore.ServerSample::serverThreads),
                threads(e, EchoScore.ServerSample::jvmThreads),
                Doc.Cell.of(i + 1 < rows.size() ? StepTable.versus(rows.get(i + 1), r) : "")));
        if (counted) {
            cells.addAll(costCells(reps));
        }
        return cells;
    }

    /** The notes on an id's repetitions that answered nothing or whose server did not close cleanly. */
    private static void repetitionNotes(String id, List<EchoRepetition> reps, List<String> notes) {
        long none = reps.stream().filter(x -> !(x.requestsPerSecond() > 0)).count();
        if (none > 0) { // no level on a log scale: left out of it, and said so
            notes.add(id + ": " + none + " of " + reps.size() + " repetitions answered nothing in the "
                    + "measured window; its level is the other " + (reps.size() - none) + "'s");
        }
        for (int k = 0; k < reps.size(); k++) {
            if (reps.get(k).unclosed() != null) { // measured, then a close that left threads: a defect to name
                notes.add(id + ": repetition " + (k + 1) + " was measured, but its server did not close cleanly: "
                        + reps.get(k).unclosed());
            }
        }
    }

    /** The table's columns, adding the note each optional one needs to {@code notes}. */
    private static List<Doc.Column> columns(EchoSize size, double ideal, boolean counted, boolean bursts,
            List<Series.Row> rows, List<String> notes) {
        List<Doc.Column> columns = new ArrayList<>(List.of(Format.text("id"), Format.number("repetitions"),
                Format.number("requests/s"), Format.number("95% interval over repetitions (no run-to-run part)"),
                Format.text("stability"),
                Format.number("speed-up vs " + EchoUnit.BASELINE + " [95%]")));
        if (Double.isFinite(ideal)) {
            columns.add(Format.number("x ideal [95%]"));
            if (counted) {
                columns.add(Format.number("server CPU capacity /s"));
                notes.add("*server CPU capacity*: the requests/s its pinned cpus could answer at its own CPU cost per "
                        + "request (cpus x 10^6 / server CPU µs per request); where it is below C / D, the server's "
                        + "CPU, not the wait, bounds the rate: *x ideal* then also gives the level over that capacity "
                        + "(*of CPU capacity*), since the level over C / D alone understates how well the model waits");
            }
            notes.add(String.format(Locale.ROOT, "ideal: C / D = %,d connections / %d ms = %,.0f requests/s (Little's "
                    + "law: every connection waits D per request and nothing else); *x ideal*: the level over it",
                    size.connections(), size.waitMs(), ideal));
        }
        // wrk's own latency percentiles are not shown: they cover its whole run (connecting, holding,
        // the window's ramp), not the measured window; the open-model section times requests as due
        columns.addAll(List.of(Format.number("socket errors + timeouts"),
                Format.number("RSS MiB"), Format.number("heap MiB"), Format.number("connections held")));
        if (bursts) {
            columns.add(Format.number("held 1 s into a burst"));
            notes.add(EchoBurst.note(rows.stream().flatMap(r -> echo(r).repetitions().stream()).toList()));
        }
        columns.addAll(List.of(Format.number("server threads"), Format.number("JVM threads"), Format.text("vs next")));
        if (counted) {
            columns.addAll(List.of(Format.number("server CPU µs/request"), Format.number("server cores busy"),
                    Format.number("server switches/request"), Format.number("generator cores busy")));
            notes.add("cost, the median over repetitions: the server JVM's CPU time (all its threads) and its "
                    + "threads' context switches, read from /proc at a quarter and three quarters of the measured "
                    + "window, per request at the window's rate; *generator cores busy*: wrk's CPU time over its "
                    + "measured window (on its own cpu; from its own /proc stat; runs before "
                    + "2026-11-26 17:00: over its whole run, connections included); at "
                    + String.format(Locale.ROOT, "%.2f", LOAD_BOUND_CORES) + " or more the load, not the server, "
                    + "may have set the rate, and the row's requests/s reads *at least*");
        }
        return columns;
    }

    /**
     * The speed-up over the baseline: the ratio of requests/s, so that a row in states lists them in
     * the order of its requests/s column (a ratio of times per request would list them the other way).
     */
    private static Doc.Cell speedUp(Series.Row base, Series.Row r) {
        return Format.ratioCell(echo(r).requestsPerSecond(), echo(base).requestsPerSecond());
    }

    /** Requests/s over the ideal C / D, per state, each with its interval's ends over it. */
    static String overIdeal(Stats.Summary rps, double ideal) {
        return rps.states().stream().map(st -> Format.times(st.level() / ideal) + (st.interval() == null ? ""
                : " [" + Format.times(st.interval().low() / ideal).replace("x", "") + "–"
                        + Format.times(st.interval().high() / ideal) + "]"))
                .collect(Collectors.joining(" / "));
    }

    /** The median of a measure over repetitions, leaving out the unknown (NaN). */
    static double median(List<EchoRepetition> reps, ToDoubleFunction<EchoRepetition> measure) {
        return Stats.median(reps.stream().mapToDouble(measure));
    }

    /** A thread count under load, the median over repetitions. */
    private static Doc.Cell threads(EchoScore e, ToDoubleFunction<EchoScore.ServerSample> count) {
        double n = e.load(count);
        return Doc.Cell.number(Double.isFinite(n) ? String.format(Locale.ROOT, "%,.0f", n) : "n/a", n);
    }

    /** Whether the run held its connections before the clock (runs before 2026-11-26 did not). */
    private static boolean held(Run run, List<Series<EchoSize>> echo) {
        return echo.stream().flatMap(s -> s.rows(run).stream()).flatMap(r -> r.measured().score(EchoScore.class).stream())
                .flatMap(e -> e.repetitions().stream()).anyMatch(r -> r.held() != null);
    }

    /**
     * Connections the server held under load (median over repetitions): those it held when the clock
     * started, or in older runs its open files over the idle server's.
     */
    private static Doc.Cell held(EchoScore e) {
        double n = median(e.repetitions(), r -> r.held() != null && r.held().held() >= 0 ? r.held().held()
                : r.idle() == null || r.load() == null || r.idle().openFiles() < 0
                || r.load().openFiles() < 0 ? Double.NaN : r.load().openFiles() - r.idle().openFiles());
        return Doc.Cell.number(Double.isFinite(n) ? String.format(Locale.ROOT, "%,.0f", n) : "n/a", n);
    }


    private static int connections(Series<EchoSize> s) {
        return s.size().connections();
    }

    /**
     * The warm-up as it ran: fixed seconds in older runs; until throughput stopped rising in newer
     * ones, which record each repetition's seconds.
     */
    private static String warmUp(List<Series<EchoSize>> echo, Run run, EchoScore any) {
        IntSummaryStatistics s = echo.stream().flatMap(x -> x.rows(run).stream())
                .flatMap(r -> r.measured().score(EchoScore.class).stream()).flatMap(e -> e.repetitions().stream())
                .mapToInt(EchoScore.EchoRepetition::warmupSeconds).filter(w -> w > 0).summaryStatistics();
        if (s.getCount() == 0) {
            return any.warmupSeconds() + " s of warm-up load";
        }
        return "a warm-up load until its throughput stopped rising (windows of " + EchoScore.WARMUP_WINDOW_SECONDS
                + " s, at least " + any.warmupSeconds() + " s, at most " + EchoScore.WARMUP_MAX_SECONDS + " s; here " + (s.getMin() == s.getMax() ? s.getMin() + " s" : s.getMin() + "-" + s.getMax()
                + " s") + ")";
    }

    /** An echo row's repetitions (every row of an echo series has them). */
    private static EchoScore echo(Series.Row r) {
        return r.measured().score(EchoScore.class).orElseThrow(() -> new IllegalStateException(r.id() + " has no echo score"));
    }
}
