package threadring.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link Doc} as one self-contained HTML page: styles, script and charts (SVG) inline, no
 * network. Every table sorts by a click on a column header (numbers by value); rows carry their
 * model and workload, which two selects at the top filter by; cells of unstable rows are marked.
 */
public final class HtmlPage {

    private HtmlPage() {}

    /** The page; charts are read from {@code dir} and inlined. */
    public static String render(Doc doc, Path dir) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(escape(doc.title())).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        h.append("<header><h1>").append(inline(doc.title())).append("</h1>\n").append(filters(doc)).append("</header>\n<main>\n");
        for (Doc.Block b : doc.blocks()) {
            if (b instanceof Doc.Heading x) {
                int level = Math.min(6, x.level());
                h.append("<h").append(level).append(" id=\"").append(anchor(x.text())).append("\">")
                        .append(inline(x.text())).append("</h").append(level).append(">\n");
            } else if (b instanceof Doc.Paragraph x) {
                h.append("<p>").append(inline(x.text())).append("</p>\n");
            } else if (b instanceof Doc.Bullets x) {
                h.append("<ul>\n");
                x.items().forEach(i -> h.append("<li>").append(inline(i)).append("</li>\n"));
                h.append("</ul>\n");
            } else if (b instanceof Doc.Image x) {
                h.append(figure(x, dir));
            } else if (b instanceof Doc.Table x) {
                h.append(table(x));
            }
        }
        h.append("</main>\n<script>\n").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return h.toString();
    }

    /** The model and workload selects, with every value the page's rows carry. */
    private static String filters(Doc doc) {
        TreeSet<String> models = new TreeSet<>();
        TreeSet<String> workloads = new TreeSet<>();
        for (Doc.Block b : doc.blocks()) {
            if (b instanceof Doc.Table t) {
                for (Doc.Row r : t.rows()) {
                    if (r.tags().containsKey("model")) {
                        models.add(r.tags().get("model"));
                    }
                    if (r.tags().containsKey("workload")) {
                        workloads.add(r.tags().get("workload"));
                    }
                }
            }
        }
        StringBuilder h = new StringBuilder("<div class=\"filters\">");
        h.append(select("model", "Model", models)).append(select("workload", "Workload", workloads));
        h.append("<span class=\"hint\">Click a column header to sort. Rows marked <span class=\"badge\">flagged</span> "
                + "are not one claim (states, not settled, forks apart).</span></div>\n");
        return h.toString();
    }

    private static String select(String tag, String label, TreeSet<String> values) {
        StringBuilder h = new StringBuilder("<label>").append(label).append(" <select data-filter=\"").append(tag)
                .append("\"><option value=\"\">all</option>");
        values.forEach(v -> h.append("<option value=\"").append(escape(v)).append("\">").append(escape(v))
                .append("</option>"));
        return h.append("</select></label> ").toString();
    }

    private static String figure(Doc.Image image, Path dir) {
        String svg = null;
        if (image.svg() != null) {
            try {
                svg = Files.readString(dir.resolve(image.svg()));
                int start = svg.indexOf("<svg");
                svg = start < 0 ? null : svg.substring(start);
            } catch (IOException e) {
                svg = null;
            }
        }
        StringBuilder h = new StringBuilder("<figure>");
        h.append(svg != null ? "<div class=\"chart\">" + svg + "</div>"
                : "<p class=\"missing\">(chart not available: " + escape(image.png()) + ")</p>");
        return h.append("<figcaption>").append(inline(image.alt())).append("</figcaption></figure>\n").toString();
    }

    private static String table(Doc.Table t) {
        StringBuilder h = new StringBuilder("<div class=\"scroll\"><table class=\"sortable\" data-kind=\"")
                .append(escape(t.kind())).append("\">\n<thead><tr>");
        for (Doc.Column c : t.columns()) {
            h.append("<th").append(c.numeric() ? " class=\"num\"" : "").append(" title=\"sort\">")
                    .append(inline(c.name())).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (Doc.Row r : t.rows()) {
            boolean unstable = r.cells().stream().anyMatch(Doc.Cell::unstable);
            h.append("<tr");
            for (Map.Entry<String, String> tag : r.tags().entrySet()) {
                h.append(" data-").append(tag.getKey()).append("=\"").append(escape(tag.getValue())).append('"');
            }
            h.append(unstable ? " class=\"unstable\"" : "").append('>');
            List<Doc.Column> columns = t.columns();
            for (int i = 0; i < r.cells().size(); i++) {
                Doc.Cell c = r.cells().get(i);
                boolean numeric = i < columns.size() && columns.get(i).numeric();
                String classes = (numeric ? "num " : "") + (c.tone() == null ? "" : "tone-" + c.tone());
                h.append("<td").append(classes.isBlank() ? "" : " class=\"" + classes.strip() + "\"");
                if (c.sort() != null) {
                    h.append(" data-sort=\"").append(String.format(Locale.ROOT, "%.9g", c.sort())).append('"');
                }
                String text = c.unstable() && c.text().endsWith(Format.FLAGGED)
                        ? c.text().substring(0, c.text().length() - Format.FLAGGED.length()) : c.text();
                h.append('>').append(inline(text));
                if (c.unstable()) {
                    h.append(" <span class=\"badge\">flagged</span>");
                }
                h.append("</td>");
            }
            h.append("</tr>\n");
        }
        return h.append("</tbody></table></div>\n").toString();
    }

    private static final Pattern INLINE = Pattern.compile("`([^`]*)`|\\*\\*(.+?)\\*\\*|\\*([^*]+)\\*|\\[([^\\]]+)\\]\\(([^)]+)\\)|<br>");

    /** The inline Markdown of {@link Doc} as HTML; everything else escaped. */
    static String inline(String text) {
        StringBuilder h = new StringBuilder();
        Matcher m = INLINE.matcher(text);
        int last = 0;
        while (m.find()) {
            h.append(escape(text.substring(last, m.start())));
            if (m.group(1) != null) {
                h.append("<code>").append(escape(m.group(1))).append("</code>");
            } else if (m.group(2) != null) {
                h.append("<strong>").append(inline(m.group(2))).append("</strong>");
            } else if (m.group(3) != null) {
                h.append("<em>").append(inline(m.group(3))).append("</em>");
            } else if (m.group(4) != null) {
                h.append("<a href=\"").append(escape(m.group(5))).append("\">").append(inline(m.group(4))).append("</a>");
            } else {
                h.append("<br>");
            }
            last = m.end();
        }
        return h.append(escape(text.substring(last))).toString();
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }

    private static final String STYLE = """
            :root { --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --band: #f6f8fa; --accent: #0969da;
                    --warn-bg: #fff8c5; --warn: #9a6700; }
            * { box-sizing: border-box; }
            body { margin: 0; font: 15px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink);
                   background: #fff; }
            header { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line);
                     padding: 12px 32px; }
            header h1 { margin: 0 0 6px; font-size: 22px; }
            main { max-width: 1280px; padding: 8px 32px 64px; }
            h2 { margin-top: 36px; padding-bottom: 4px; border-bottom: 1px solid var(--line); font-size: 19px; }
            h3 { margin-top: 24px; font-size: 16px; }
            p, li { max-width: 980px; }
            code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--band);
                   padding: 1px 4px; border-radius: 4px; }
            a { color: var(--accent); }
            .filters { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; font-size: 14px; }
            .filters select { font: inherit; padding: 2px 6px; }
            .hint { color: var(--muted); }
            .scroll { overflow-x: auto; margin: 12px 0 20px; }
            table { border-collapse: collapse; font-size: 13.5px; }
            th, td { padding: 5px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
            th { position: sticky; top: 0; background: var(--band); cursor: pointer; white-space: nowrap;
                 user-select: none; }
            th:hover { background: #eaeef2; }
            th.sorted-asc::after { content: " \\25B2"; font-size: 10px; }
            th.sorted-desc::after { content: " \\25BC"; font-size: 10px; }
            td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
            tbody tr:nth-child(even) { background: #fbfcfd; }
            tbody tr:hover { background: #f0f6ff; }
            tr.unstable td { background: var(--warn-bg); }
            .badge { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 11px; color: var(--warn);
                     border: 1px solid #d4a72c; background: var(--warn-bg); }
            td.tone-good { color: #1a7f37; font-weight: 600; }
            td.tone-bad { color: #cf222e; font-weight: 600; }
            figure { margin: 16px 0; }
            .chart svg { max-width: 100%; height: auto; border: 1px solid var(--line); }
            figcaption { color: var(--muted); font-size: 13px; }
            .missing { color: var(--muted); }
            """;

    private static final String SCRIPT = """
            document.querySelectorAll('table.sortable th').forEach(function (th) {
              th.addEventListener('click', function () {
                var table = th.closest('table'), body = table.tBodies[0];
                var index = Array.prototype.indexOf.call(th.parentNode.children, th);
                var asc = !th.classList.contains('sorted-asc');
                table.querySelectorAll('th').forEach(function (h) { h.classList.remove('sorted-asc', 'sorted-desc'); });
                th.classList.add(asc ? 'sorted-asc' : 'sorted-desc');
                var rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (a, b) {
                  var x = a.cells[index], y = b.cells[index];
                  if (!x || !y) { return 0; }
                  var nx = x.dataset.sort, ny = y.dataset.sort, r;
                  if (nx !== undefined && ny !== undefined) { r = parseFloat(nx) - parseFloat(ny); }
                  else if (nx !== undefined) { r = -1; }
                  else if (ny !== undefined) { r = 1; }
                  else { r = x.textContent.localeCompare(y.textContent); }
                  return asc ? r : -r;
                });
                rows.forEach(function (row) { body.appendChild(row); });
              });
            });
            var filters = document.querySelectorAll('select[data-filter]');
            function applyFilters() {
              document.querySelectorAll('table.sortable tbody tr').forEach(function (row) {
                var shown = true;
                filters.forEach(function (f) {
                  var want = f.value, tag = f.dataset.filter;
                  if (want && row.dataset[tag] !== undefined && row.dataset[tag] !== want) { shown = false; }
                });
                row.style.display = shown ? '' : 'none';
              });
            }
            filters.forEach(function (f) { f.addEventListener('change', applyFilters); });
            """;
}
