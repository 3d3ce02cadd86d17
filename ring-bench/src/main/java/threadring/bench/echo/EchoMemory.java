package threadring.bench.echo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import threadring.bench.data.Configuration;
import threadring.bench.data.Run;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Series;
import threadring.core.echo.EchoServer;
import threadring.core.echo.EchoSize;

/** The echo server's memory per connection, between a configuration's fewest and most connections. */
final class EchoMemory {

    private EchoMemory() {}

    /**
     * Memory per connection: between the fewest and the most connections a configuration ran, the
     * growth of RSS and heap over the growth in connections. What one idle server holds (its JIT's
     * code, its heap's floor) cancels out, which a division by C alone would count.
     */
    static void perConnection(Run run, List<Series<EchoSize>> echo, Doc doc) {
        List<Doc.Row> table = new ArrayList<>();
        for (Configuration c : run.configurations()) {
            // memory per connection from the series that answer at once (a waiting handler holds more per request)
            List<Series<EchoSize>> mine = echo.stream().filter(s -> s.label().equals(c.label())
                    && s.size().waitMs() == 0).toList();
            if (mine.size() < 2 || mine.get(0).size().connections()
                    == mine.get(mine.size() - 1).size().connections()) {
                continue;
            }
            Series<EchoSize> few = mine.get(0);
            Series<EchoSize> many = mine.get(mine.size() - 1);
            for (Series.Row r : many.rows(run)) {
                Optional<Series.Row> low = few.row(run, r.id());
                if (low.isEmpty()) {
                    continue;
                }
                EchoScore a = echo(low.get());
                EchoScore b = echo(r);
                int ca = few.size().connections();
                int cb = many.size().connections();
                // the connections the server held, by its open files, where /proc says; else those wrk opened
                double held = b.load(EchoScore.ServerSample::openFiles) - a.load(EchoScore.ServerSample::openFiles);
                double dc = Double.isFinite(held) && held > 0 ? held : cb - ca;
                double rss = (b.load(EchoScore.ServerSample::rssBytes) - a.load(EchoScore.ServerSample::rssBytes)) / dc;
                double heap = (b.load(EchoScore.ServerSample::heapUsedBytes)
                        - a.load(EchoScore.ServerSample::heapUsedBytes)) / dc;
                double threads = (b.load(EchoScore.ServerSample::serverThreads)
                        - a.load(EchoScore.ServerSample::serverThreads)) / dc;
                table.add(new Doc.Row(List.of(Doc.Cell.of(c.label()), Doc.Cell.of(r.id()),
                        Doc.Cell.of(ca + " → " + cb),
                        Doc.Cell.number(String.format(Locale.ROOT, "%,.0f", dc), dc), Doc.Cell.number(Format.kib(rss), rss),
                        Doc.Cell.number(Format.kib(heap), heap), Doc.Cell.number(String.format(Locale.ROOT, "%.2f", threads),
                                threads)), Format.tags(r.id(), EchoServer.WORKLOAD)));
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
        doc.add(new Doc.Table("echo-memory", List.of(Format.text("configuration"), Format.text("id"),
                Format.text("connections asked"), Format.number("more connections held"),
                Format.number("RSS KiB/connection"), Format.number("heap KiB/connection"),
                Format.number("server threads/connection")), table));
    }

    private static EchoScore echo(Series.Row r) {
        return r.measured().score(EchoScore.class).orElseThrow(() -> new IllegalStateException(r.id() + " has no echo score"));
    }
}
