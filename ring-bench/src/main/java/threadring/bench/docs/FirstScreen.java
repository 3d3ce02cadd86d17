package threadring.bench.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.answer.Glance;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Ratios;
import threadring.bench.report.Text;

/**
 * README's first screen, every sentence of it a {@link Text} of claims read from the data: the
 * chart, the conditions, how to read a ratio, one line per workload, how far the answer reaches
 * across hosts, the memory a waiting task holds, and which model for which job.
 *
 * @param links where the page's links go, relative to the page
 */
public record FirstScreen(Ratios ratios, Links links, List<Glance.Line> lines, Text conditions,
        Optional<Text> hosts, Optional<Text> memory, List<Text> jobs) {

    /** Where a page's links go: the chart, the run's report, the hosts' table, the footprint run's report. */
    public record Links(String chart, String report, String hosts, String results) {}

    public static FirstScreen of(Ratios ratios, Links links, AcrossHosts across, Optional<LiveMemory> memory) {
        return of(ratios, links, across, memory, List.of());
    }

    /**
     * The same with the lines of the workloads the default sweep leaves out, each from the newest
     * committed run of it ({@code asked}: its workload and run).
     */
    public static FirstScreen of(Ratios ratios, Links links, AcrossHosts across, Optional<LiveMemory> memory,
            List<Sweeps.Asked> asked) {
        List<Glance.Line> lines = new ArrayList<>(Glance.of(ratios, links.report()));
        asked.forEach(a -> Glance.of(a.run(), a.workload(), links.results() + a.run().runId() + "/report.md")
                .ifPresent(lines::add));
        return new FirstScreen(ratios, links, lines, Glance.conditions(ratios), across.line(links.hosts()),
                memory.map(m -> m.line(links.results() + m.run().runId() + "/report.md")),
                Jobs.of(ratios.run(), lines, memory));
    }

    /** Every generated text of the screen, for {@link Text#problems}. */
    public List<Text> texts() {
        List<Text> out = new ArrayList<>(List.of(conditions, Glance.HOW_TO_READ));
        lines.forEach(l -> out.addAll(l.cells()));
        hosts.ifPresent(out::add);
        memory.ifPresent(out::add);
        out.addAll(jobs);
        return out;
    }

    /** The screen as Markdown. */
    public String markdown() {
        Doc doc = new Doc("");
        doc.heading(2, "The answer");
        doc.paragraph(conditions.text());
        doc.paragraph(Glance.HOW_TO_READ.text());
        doc.add(new Doc.Table("glance", Glance.COLUMNS.stream().map(Format::text).toList(),
                lines.stream().map(l -> new Doc.Row(l.cells().stream().map(c -> Doc.Cell.of(c.text())).toList(),
                        Map.of())).toList()));
        doc.paragraph("![Each model's fastest form per workload, its time a step (or how late it woke) over the fastest's, log scale, with "
                + "95% whiskers; bands are tiers; Go's rows are squares](" + links.chart() + ")");
        List<String> reach = new ArrayList<>();
        hosts.ifPresent(h -> reach.add(h.text()));
        memory.ifPresent(m -> reach.add(m.text()));
        doc.bullets(reach);
        doc.heading(3, "Which model for which job");
        doc.bullets(jobs.stream().map(Text::text).toList());
        String md = doc.markdown();
        return md.substring(md.indexOf("\n\n") + 2).strip() + "\n";
    }
}
