package threadring.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import threadring.bench.Report.Row;
import threadring.bench.Report.Series;
import threadring.bench.RunFile.EchoRepetition;
import threadring.bench.RunFile.EchoScore;
import threadring.bench.RunFile.Run;
import threadring.core.Workload;

/**
 * The echo server's part of report.md and report.html: what the load was, the chart, and per
 * configuration and connection count a table of requests per second with its interval over
 * repetitions, wrk's latency percentiles, errors, and the server's memory and threads per
 * connection.
 */
final class EchoReport {

    /** The row every speed-up is over: a platform thread per connection. */
    static final String BASELINE = "threads/socket";

    private EchoReport() {}

    /** The section's head: the method and the chart, if the run has the echo server. */
    static void summary(Run run, Doc doc) {
        List<Series> echo = Report.echoSeries(run);
        if (echo.isEmpty()) {
            return;
        }
        doc.heading(2, "Echo server under wrk");
        EchoScore any = echo.stream().flatMap(s -> Report.rows(run, s).stream()).map(r -> r.measured().echo())
                .findFirst().orElse(null);
        doc.paragraph("Each id serves HTTP/1.1 keep-alive on 127.0.0.1 with one concurrent entity of its model per "
                + "connection; wrk holds C connections open, each posting a fixed body and checking that every "
                + "response is 200 with that body (" + Wrk.SCRIPT + " in this run's folder: one wrong echo fails the "
                + "id). A repetition is a fresh server JVM with the id's flags: "
                + (any == null ? "a warm-up load, then the measured one" : any.warmupSeconds() + " s of warm-up load "
                        + "on at most " + EchoLoad.WARMUP_CONNECTIONS + " connections, then " + any.seconds()
                        + " s measured on C fresh ones (the server accepting them is part of it); the server pinned to cpus " + any.serverCpus()
                        + ", wrk (one thread) to cpu " + any.wrkCpus())
                + ". *requests/s*: median [95% interval over repetitions, Student t on the logarithms]; an ordering "
                + "or speed-up holds only where its interval excludes 1. Latency: the median over repetitions of "
                + "wrk's percentiles. The server's resident set (RSS), heap used, *connections held* (its open "
                + "files over the idle server's: wrk times only requests on connections the server accepted, so "
                + "a server that holds fewer than C was measured at fewer) and threads (the live threads it "
                + "tracks, platform or virtual: one per connection for the thread-per-connection servers, the "
                + "event loops or the dispatcher threads alive at its start for the others; and the JVM's "
                + "platform threads) are sampled every "
                + EchoLoad.SAMPLE_EVERY.toMillis() + " ms under load: the median of the samples, then over "
                + "repetitions.");
        if (echo.stream().anyMatch(s -> !Report.rows(run, s).isEmpty())) {
            doc.add(new Doc.Image("us per request (1 / requests per second): median and 95% interval over "
                    + "repetitions, log scale", Chart.ECHO_PNG, Chart.ECHO_SVG));
        }
        perConnection(run, echo, doc);
    }

    /**
     * Memory per connection: between the fewest and the most connections a configuration ran, the
     * growth of RSS and heap over the growth in connections. What one idle server holds (its JIT's
     * code, its heap's floor) cancels out, which a division by C alone would count.
     */
    private static void perConnection(Run run, List<Series> echo, Doc doc) {
        List<Doc.Row> table = new ArrayList<>();
        for (RunFile.Configuration c : run.configurations()) {
            List<Series> mine = echo.stream().filter(s -> s.label().equals(c.label())).toList();
            if (mine.size() < 2) {
                continue;
            }
            Series few = mine.get(0);
            Series many = mine.get(mine.size() - 1);
            for (Row r : Report.rows(run, many)) {
                Optional<Row> low = Report.rows(run, few).stream().filter(x -> x.id().equals(r.id())).findFirst();
                if (low.isEmpty()) {
                    continue;
                }
                EchoScore a = low.get().measured().echo();
                EchoScore b = r.measured().echo();
                // the connections the server held, by its open files, where /proc says; else those wrk opened
                double held = b.load(RunFile.ServerSample::openFiles) - a.load(RunFile.ServerSample::openFiles);
                double dc = Double.isFinite(held) && held > 0 ? held : b.connections() - a.connections();
                double rss = (b.load(RunFile.ServerSample::rssBytes) - a.load(RunFile.ServerSample::rssBytes)) / dc;
                double heap = (b.load(RunFile.ServerSample::heapUsedBytes)
                        - a.load(RunFile.ServerSample::heapUsedBytes)) / dc;
                double threads = (b.load(RunFile.ServerSample::serverThreads)
                        - a.load(RunFile.ServerSample::serverThreads)) / dc;
                table.add(new Doc.Row(List.of(Doc.Cell.of(c.label()), Doc.Cell.of(r.id()),
                        Doc.Cell.of(a.connections() + " → " + b.connections()),
                        Doc.Cell.number(String.format(Locale.ROOT, "%,.0f", dc), dc), Doc.Cell.number(kib(rss), rss),
                        Doc.Cell.number(kib(heap), heap), Doc.Cell.number(String.format(Locale.ROOT, "%.2f", threads),
                                threads)), Report.tags(r.id(), Workload.ECHO)));
            }
        }
        if (table.isEmpty()) {
            return;
        }
        doc.heading(3, "Memory per connection");
        doc.paragraph("Between the fewest and the most connections of a configuration: (median under load at the "
                + "most - at the fewest) / the growth in connections the server held (its open files; a server "
                + "that accepts slowly holds fewer than wrk asked for). Sampled, not a heap dump: heap used rises "
                + "and falls with each collection, so a small or negative figure says *no more than the noise*.");
        doc.add(new Doc.Table("echo-memory", List.of(Report.text("configuration"), Report.text("id"),
                Report.text("connections asked"), Report.number("more connections held"),
                Report.number("RSS KiB/connection"), Report.number("heap KiB/connection"),
                Report.number("server threads/connection")), table));
    }

    /** One configuration at one connection count. */
    static void series(Run run, Series series, Doc doc) {
        doc.heading(2, series.name(run));
        List<Row> rows = Report.rows(run, series);
        Optional<Row> base = rows.stream().filter(r -> r.id().equals(BASELINE)).findFirst();
        List<String> notes = new ArrayList<>();
        if (rows.isEmpty()) {
            doc.paragraph("No id was measured at " + series.connections() + " connections.");
        } else {
            List<Doc.Row> table = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                EchoScore e = r.measured().echo();
                Stats.Summary rps = e.summary();
                List<EchoRepetition> reps = e.repetitions();
                double rss = e.load(RunFile.ServerSample::rssBytes);
                double heap = e.load(RunFile.ServerSample::heapUsedBytes);
                long errors = reps.stream().mapToLong(x -> x.socketErrors() + x.timeouts()).sum();
                long requests = reps.stream().mapToLong(EchoRepetition::requests).sum();
                table.add(new Doc.Row(List.of(Doc.Cell.of(r.id()), Doc.Cell.number(String.valueOf(reps.size()),
                                reps.size()),
                        new Doc.Cell(Report.rate(rps.median()), rps.median(), rps.isUnstable()),
                        Doc.Cell.number(Report.rateInterval(rps.interval()),
                                rps.interval() == null ? Double.NaN : rps.interval().low()),
                        Doc.Cell.of(Report.stability(rps)),
                        r.id().equals(BASELINE) ? Doc.Cell.number("1 (baseline)", 1)
                                : base.map(b -> Report.ratioCell(Stats.ratio(b.summary(), r.summary())))
                                        .orElse(Doc.Cell.of("n/a")),
                        latency(reps, l -> l.latencyUs().p50()), latency(reps, l -> l.latencyUs().p99()),
                        latency(reps, l -> l.latencyUs().p999()),
                        Doc.Cell.number(String.format(Locale.ROOT, "%,d of %,d", errors, requests), errors),
                        Doc.Cell.number(mib(rss), rss), Doc.Cell.number(mib(heap), heap),
                        held(e), threads(e, RunFile.ServerSample::serverThreads),
                        threads(e, RunFile.ServerSample::jvmThreads),
                        Doc.Cell.of(i + 1 < rows.size() ? Report.versus(rows.get(i + 1), r) : "")),
                        Report.tags(r.id(), Workload.ECHO)));
            }
            doc.add(new Doc.Table("echo", List.of(Report.text("id"), Report.number("repetitions"),
                    Report.number("median requests/s"), Report.number("95% interval"), Report.text("stability"),
                    Report.number("speed-up vs " + BASELINE + " [95%]"), Report.number("p50 ms"),
                    Report.number("p99 ms"), Report.number("p99.9 ms"), Report.number("socket errors + timeouts"),
                    Report.number("RSS MiB"), Report.number("heap MiB"), Report.number("connections held"),
                    Report.number("server threads"), Report.number("JVM threads"), Report.text("vs next")), table));
            if (base.isEmpty()) {
                notes.add("speed-ups: n/a, " + BASELINE + " was not measured at " + series.connections()
                        + " connections in this configuration");
            }
        }
        notes.addAll(Report.problems(run, series));
        doc.bullets(notes);
    }

    private static Doc.Cell latency(List<EchoRepetition> reps, ToDoubleFunction<EchoRepetition> us) {
        double ms = median(reps, us) / 1000;
        return Doc.Cell.number(String.format(Locale.ROOT, ms < 10 ? "%.2f" : "%,.1f", ms), ms);
    }

    /** Kibibytes with one decimal, n/a where unknown. */
    static String kib(double bytes) {
        return Double.isFinite(bytes) ? String.format(Locale.ROOT, "%,.1f", bytes / 1024) : "n/a";
    }

    /** The median of a measure over repetitions, leaving out the unknown (NaN). */
    static double median(List<EchoRepetition> reps, ToDoubleFunction<EchoRepetition> measure) {
        return Stats.median(reps.stream().mapToDouble(measure));
    }

    /** A thread count under load, the median over repetitions. */
    private static Doc.Cell threads(EchoScore e, java.util.function.ToDoubleFunction<RunFile.ServerSample> count) {
        double n = e.load(count);
        return Doc.Cell.number(Double.isFinite(n) ? String.format(Locale.ROOT, "%,.0f", n) : "n/a", n);
    }

    /** Connections the server held under load: its open files over the idle server's (median over repetitions). */
    private static Doc.Cell held(EchoScore e) {
        double n = median(e.repetitions(), r -> r.idle() == null || r.load() == null || r.idle().openFiles() < 0
                || r.load().openFiles() < 0 ? Double.NaN : r.load().openFiles() - r.idle().openFiles());
        return Doc.Cell.number(Double.isFinite(n) ? String.format(Locale.ROOT, "%,.0f", n) : "n/a", n);
    }

    /** Mebibytes with one decimal, n/a where unknown. */
    static String mib(double bytes) {
        return Double.isFinite(bytes) ? String.format(Locale.ROOT, "%,.1f", bytes / (1024 * 1024)) : "n/a";
    }
}
