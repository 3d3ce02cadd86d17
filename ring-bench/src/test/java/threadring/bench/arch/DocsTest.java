package threadring.bench.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README is one page, and every relative link of README.md and docs/*.md resolves: its file
 * exists in the repository, and its #anchor names a heading of that page (GitHub's rule: lower
 * case, punctuation dropped, spaces to hyphens, a -N suffix on repeats). Code is not read for links.
 */
class DocsTest {

    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final int README_LINES = 300;
    private static final Pattern LINK = Pattern.compile(
            "!?\\[(?:[^\\[\\]]|\\[[^\\]]*\\])*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~).*");

    @Test
    void theReadmeIsAPage() throws IOException {
        long lines = Files.readAllLines(ROOT.resolve("README.md")).size();
        assertTrue(lines <= README_LINES, "README.md has " + lines + " lines, more than " + README_LINES);
    }

    @Test
    void everyRelativeLinkOfTheDocsResolves() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> problems = new ArrayList<>();
        int links = 0;
        for (Path page : pages) {
            List<String> lines = prose(Files.readAllLines(page));
            for (int n = 0; n < lines.size(); n++) {
                Matcher m = LINK.matcher(lines.get(n));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("(?i)^[a-z][a-z0-9+.-]*:.*")) {
                        continue; // http:, https:, mailto:
                    }
                    links++;
                    String where = ROOT.relativize(page) + ":" + (n + 1) + ": " + target;
                    int hash = target.indexOf('#');
                    String file = hash < 0 ? target : target.substring(0, hash);
                    Path dest = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                    if (!dest.startsWith(ROOT) || !Files.exists(dest)) {
                        problems.add(where + " (no such file)");
                    } else if (hash >= 0 && !anchors(dest).contains(target.substring(hash + 1))) {
                        problems.add(where + " (no such heading)");
                    }
                }
            }
        }
        assertTrue(links > 20, "links were found: " + links);
        assertEquals(List.of(), problems, "links that do not resolve");
    }

    /**
     * docs/architecture.md's "Adding a workload" is true to the tree: at most eight files, each of
     * which exists for the fan-out ({@code <X>} = FanOut), and every exhaustive switch over the
     * workloads (a {@code case RING ->}) in ring-core and ring-bench is in one of them, so the
     * compiler's list of places and the docs' are the same.
     */
    @Test
    void addingAWorkloadListsTheFilesItTouches() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("docs/architecture.md"));
        int from = lines.indexOf("## Adding a workload");
        assertTrue(from >= 0, "docs/architecture.md has no 'Adding a workload' section");
        List<String> files = new ArrayList<>();
        Pattern item = Pattern.compile("^\\d+\\. `([^`]+)`");
        for (String line : lines.subList(from + 1, lines.size())) {
            if (line.startsWith("## ")) {
                break;
            }
            Matcher m = item.matcher(line);
            if (m.find()) {
                files.add(m.group(1).replace("<X>", "FanOut"));
            }
        }
        assertTrue(!files.isEmpty() && files.size() <= 8, "files to add a workload: " + files);
        for (String f : files) {
            assertTrue(Files.isRegularFile(ROOT.resolve(f)), f + " does not exist");
        }
        List<String> switches = new ArrayList<>();
        for (String dir : List.of("ring-core/src/main/java", "ring-core/src/test/java", "ring-bench/src/main/java")) {
            try (Stream<Path> sources = Files.walk(ROOT.resolve(dir))) {
                for (Path p : sources.filter(x -> x.toString().endsWith(".java")).toList()) {
                    if (Pattern.compile("case RING\\b").matcher(Files.readString(p)).find()) {
                        switches.add(ROOT.relativize(p).toString());
                    }
                }
            }
        }
        assertTrue(switches.size() >= 4, "the switches over workloads were found: " + switches);
        assertEquals(List.of(), switches.stream().filter(x -> !files.contains(x)).toList(),
                "switches over the workloads in files the docs do not list");
    }

    /** The lines outside fenced code, with inline code blanked. */
    private static List<String> prose(List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean fence = false;
        for (String line : lines) {
            if (FENCE.matcher(line).matches()) {
                fence = !fence;
                out.add("");
            } else {
                out.add(fence ? "" : line.replaceAll("`[^`]*`", " "));
            }
        }
        return out;
    }

    private static final Map<Path, Set<String>> ANCHORS = new HashMap<>();

    static Set<String> anchors(Path page) throws IOException {
        if (!page.toString().endsWith(".md")) {
            return Set.of();
        }
        Set<String> cached = ANCHORS.get(page);
        if (cached != null) {
            return cached;
        }
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fence = false;
        for (String line : Files.readAllLines(page)) {
            if (FENCE.matcher(line).matches()) {
                fence = !fence;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (!fence && m.matches()) {
                String slug = m.group(1).strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                        .replace(' ', '-');
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        ANCHORS.put(page, anchors);
        return anchors;
    }
}
