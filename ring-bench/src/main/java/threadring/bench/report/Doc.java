package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A report as typed blocks, built once from a run's data and rendered twice: to Markdown
 * (report.md, {@link #markdown}) and to one self-contained HTML page (report.html,
 * {@link HtmlPage}). Text may carry the little inline Markdown both renderers know:
 * {@code `code`}, {@code **bold**}, {@code *emphasis*} and {@code [text](href)}.
 */
public final class Doc {

    /** One block of the report. */
    public sealed interface Block permits Heading, Paragraph, Bullets, Table, Image {}

    /** A heading of level 1-3. */
    public record Heading(int level, String text) implements Block {}

    public record Paragraph(String text) implements Block {}

    public record Bullets(List<String> items) implements Block {}

    /**
     * A chart: {@code png} and {@code svg} are files in the run folder ({@code svg} may be null);
     * the HTML page inlines the SVG.
     */
    public record Image(String alt, String png, String svg) implements Block {}

    /** A column: its header, and whether it holds numbers (right-aligned, sorted by value). */
    public record Column(String name, boolean numeric) {}

    /**
     * A cell: its text, the number it sorts by (null: by text), whether it reports an unstable row
     * (the page marks it), and its tone: null, {@code "good"} or {@code "bad"} (a verdict's colour).
     */
    public record Cell(String text, Double sort, boolean unstable, String tone) {
        public Cell(String text, Double sort, boolean unstable) {
            this(text, sort, unstable, null);
        }

        public static Cell of(String text) {
            return new Cell(text, null, false);
        }

        public static Cell number(String text, double sort) {
            return new Cell(text, Double.isFinite(sort) ? sort : null, false);
        }
    }

    /** A row: its cells, and tags the page filters by ({@code model}, {@code workload}). */
    public record Row(List<Cell> cells, Map<String, String> tags) {}

    /** A table; {@code kind} names what its rows are, for the page's filters and tests. */
    public record Table(String kind, List<Column> columns, List<Row> rows) implements Block {}

    private final String title;
    private final List<Block> blocks = new ArrayList<>();

    public Doc(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }

    public List<Block> blocks() {
        return blocks;
    }

    public Doc add(Block b) {
        blocks.add(b);
        return this;
    }

    public Doc heading(int level, String text) {
        return add(new Heading(level, text));
    }

    public Doc paragraph(String text) {
        return add(new Paragraph(text));
    }

    public Doc bullets(List<String> items) {
        return items.isEmpty() ? this : add(new Bullets(List.copyOf(items)));
    }

    /** The whole document as Markdown. */
    public String markdown() {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        for (Block b : blocks) {
            if (b instanceof Heading h) {
                md.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
            } else if (b instanceof Paragraph p) {
                md.append(p.text()).append("\n\n");
            } else if (b instanceof Bullets l) {
                l.items().forEach(i -> md.append("- ").append(i).append('\n'));
                md.append('\n');
            } else if (b instanceof Image i) {
                md.append("![").append(i.alt()).append("](").append(i.png()).append(")")
                        .append(i.svg() != null ? " ([SVG](" + i.svg() + "))" : "").append("\n\n");
            } else if (b instanceof Table t) {
                md.append('|');
                t.columns().forEach(c -> md.append(' ').append(c.name()).append(" |"));
                md.append("\n|");
                t.columns().forEach(c -> md.append(c.numeric() ? "---:|" : "---|"));
                md.append('\n');
                for (Row r : t.rows()) {
                    md.append('|');
                    r.cells().forEach(c -> md.append(' ').append(c.text().replace("|", "\\|")).append(" |"));
                    md.append('\n');
                }
                md.append('\n');
            }
        }
        return md.toString();
    }
}
