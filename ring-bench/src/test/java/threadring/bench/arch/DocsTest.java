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
import threadring.bench.units.Units;

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

    /** The words a reader meets before the answer's table, at most. */
    static final int WORDS_BEFORE_TABLE = 250;
    /** The lines within which the chart and the table stand. */
    static final int FIRST_SCREEN = 40;

    /**
     * The first screen answers: within its first lines the chart (an image in the repository) and
     * the table with a line per workload, few words before it, and no flag's prose in it (flags are
     * marks under the details' tables, defined in the glossary).
     */
    @Test
    void theFirstScreenIsAChartAndATable() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        int table = -1;
        int chart = -1;
        for (int n = 0; n < lines.size() && n < FIRST_SCREEN; n++) {
            if (lines.get(n).startsWith("| workload: one step |")) {
                table = n;
            }
            if (lines.get(n).startsWith("![") && lines.get(n).contains("](docs/answer.svg)")) {
                chart = n;
            }
        }
        assertTrue(chart >= 0 && Files.isRegularFile(ROOT.resolve("docs/answer.svg")), "the chart in the first "
                + FIRST_SCREEN + " lines");
        assertTrue(table >= 0, "the answer's table in the first " + FIRST_SCREEN + " lines");
        long rows = lines.subList(table + 2, lines.size()).stream().takeWhile(l -> l.startsWith("| **")).count();
        assertEquals(Units.ALL.size(), rows, "a row per workload, the ones asked for by name too");
        long words = lines.subList(0, table).stream().filter(l -> !l.startsWith("<!--"))
                .mapToLong(l -> l.isBlank() ? 0 : l.trim().split("\\s+").length).sum();
        assertTrue(words <= WORDS_BEFORE_TABLE, words + " words before the table");
        String glance = String.join("\n", lines.subList(0, table + 2 + (int) rows));
        for (String flag : List.of("not settled", "forks apart", "warm-up too short", "changed level while measured",
                "long-warmed JVM apart", "states:")) {
            assertTrue(!glance.contains(flag), "flag prose on the first screen: " + flag);
        }
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

    /** The newest workload: the proof that a workload is one unit (its code outside its own packages is registration). */
    static final String PROOF = "fairness";
    /** Where a workload's own code lives, for {@link #PROOF}: ring-core's package and ring-bench's. */
    static final List<String> OWN = List.of("ring-core/src/main/java/threadring/core/fairness/",
            "ring-core/src/test/java/threadring/core/fairness/", "ring-bench/src/main/java/threadring/bench/workloads/fairness/",
            "ring-bench/src/test/java/threadring/bench/workloads/fairness/");
    /** The shared modules, which a new workload must not touch beyond its registration. */
    static final List<String> SHARED = List.of("ring-core/src", "ring-bench/src");

    /** The numbered list under a heading of docs/architecture.md: each item's first code span. */
    static List<String> numbered(String heading) throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("docs/architecture.md"));
        int from = lines.indexOf(heading);
        assertTrue(from >= 0, "docs/architecture.md has no '" + heading + "' section");
        List<String> files = new ArrayList<>();
        Pattern item = Pattern.compile("^\\d+\\. `([^`]+)`");
        for (String line : lines.subList(from + 1, lines.size())) {
            if (line.startsWith("## ")) {
                break;
            }
            Matcher m = item.matcher(line);
            if (m.find()) {
                files.add(m.group(1));
            }
        }
        return files;
    }

    /**
     * docs/architecture.md's "Adding a workload" names the registration points exactly: the files
     * of the shared modules outside the newest workload's own packages whose code (comments left
     * out) names it are the files its numbered list gives, no more and no fewer, and there are at
     * most four.
     */
    @Test
    void addingAWorkloadListsEveryRegistrationPointAndNoOther() throws IOException {
        List<String> listed = numbered("## Adding a workload");
        assertTrue(!listed.isEmpty() && listed.size() <= 4, "registration points: " + listed);
        Set<String> naming = new java.util.TreeSet<>();
        for (String dir : SHARED) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(dir))) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    String rel = ROOT.relativize(f).toString();
                    if (OWN.stream().anyMatch(rel::startsWith) || rel.contains("/archfixture/")) {
                        continue;
                    }
                    String text = Files.readString(f);
                    String code = rel.endsWith(".java") ? SourceCyclesTest.code(text).replaceAll("(?m)^import [^;]*;", "")
                            : text;
                    if (code.toLowerCase(Locale.ROOT).contains(PROOF)) {
                        naming.add(rel);
                    }
                }
            }
        }
        assertEquals(new java.util.TreeSet<>(listed), naming,
                "files outside the " + PROOF + "'s own packages that name it, against the docs' list");
    }

    /**
     * docs/architecture.md's "Adding a statistic" is true to the code: its first item is the interface
     * a statistic implements, its second the services file that registers one, and the fixture's
     * statistic is registered so.
     */
    @Test
    void addingAStatisticNamesItsInterfaceAndItsServicesFile() throws Exception {
        List<String> listed = numbered("## Adding a statistic");
        assertEquals(2, listed.size(), "items: " + listed);
        Class<?> type = Class.forName(listed.get(0));
        assertTrue(type.isInterface(), listed.get(0));
        Path fixture = ROOT.resolve("ring-bench/src/test/fixture").resolve(listed.get(1));
        assertTrue(Files.readString(fixture).contains("ForkSpread"), fixture.toString());
        assertTrue(listed.get(1).endsWith(type.getName()), listed.get(1) + " registers " + type.getName());
    }

    /** Classes of the JDK and the libraries the docs name, by where they come from. */
    static final Set<String> EXTERNAL = Set.of(
            // the JDK
            "ServiceLoader", "ForkJoinPool", "RecursiveTask", "StructuredTaskScope", "Thread", "Executors", "Executor",
            "ExecutorService", "CompletableFuture", "ScheduledThreadPoolExecutor", "ThreadLocalRandom",
            "ThreadPerTaskExecutor", "VirtualThread", "Continuation", "DelayScheduler", "VarHandle", "Runtime",
            "AsynchronousChannelGroup", "AsynchronousServerSocketChannel",
            // the kernel's counter in /proc/net/netstat
            "ListenOverflows",
            // JMH
            "Runner", "InternalProfiler", "OutputFormat", "JavaFlightRecorderProfiler", "StackProfiler",
            "ResultFormatFactory",
            // Akka and Pekko
            "Behaviors", "Patterns", "ExecutorServiceConfigurator",
            // Kotlin coroutines, Ktor and Vert.x
            "Dispatchers", "CoroutineDispatcher", "Deferred", "ByteReadChannel", "Selectable", "SelectorManager",
            "CoroutineVerticle", "VerticleBase", "HttpServer",
            // cats-effect and fs2
            "Queue", "Ref", "Chunk", "Pull", "WorkStealingThreadPool", "LocalQueue", "NetworkCompanionPlatform",
            "RuntimePlatformSpecific",
            // ZIO
            "Promise", "FiberRuntime",
            // Quasar
            "Fiber", "Strand", "FiberServerSocketChannel", "FiberSocketChannel", "QueueChannel",
            // Kilim
            "Task", "Mailbox", "Pausable", "AffineScheduler", "EndPoint", "SessionTask", "NioSelectorScheduler",
            // Ox, Helidon, Netty and Reactor Netty
            "LoomSupport", "WebServer", "ServerBootstrap", "HttpServerCodec", "HttpObjectAggregator", "HttpResources",
            "Mono", "Tcp");

    /**
     * Every class README.md and docs/*.md name in a code span ({@code `Sweep`}, {@code `Score.Passes`})
     * is declared in the tree (a source file, or a class, object, interface, record, enum or trait of
     * that name) or is one of {@link #EXTERNAL}: the docs cannot describe classes that are gone.
     * notebook.md is history and keeps the names of its day.
     */
    @Test
    void theDocsNameOnlyClassesThatExist() throws IOException {
        Set<String> sources = new HashSet<>();
        Pattern declared = Pattern.compile("\\b(?:class|object|interface|record|enum|trait)\\s+([A-Z][A-Za-z0-9]*)");
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path f : files.filter(f -> f.toString().matches(".*\\.(java|kt|scala)$")
                    && !f.toString().contains("/target/") && !f.toString().contains("/.git/")).toList()) {
                sources.add(f.getFileName().toString().replaceAll("\\.(java|kt|scala)$", ""));
                Matcher d = declared.matcher(Files.readString(f));
                while (d.find()) {
                    sources.add(d.group(1));
                }
            }
        }
        Pattern span = Pattern.compile("`([A-Z][a-z][A-Za-z0-9]*)(?:\\.[A-Za-z]+)*(?:\\(\\))?`");
        List<String> missing = new ArrayList<>();
        int named = 0;
        for (Map.Entry<Path, String> page : pages().entrySet()) {
            if (page.getKey().endsWith("notebook.md")) {
                continue;
            }
            Matcher m = span.matcher(page.getValue());
            while (m.find()) {
                named++;
                if (!sources.contains(m.group(1)) && !EXTERNAL.contains(m.group(1))) {
                    missing.add(ROOT.relativize(page.getKey()) + ": " + m.group(1));
                }
            }
        }
        assertTrue(named > 100, "class names read: " + named);
        assertEquals(List.of(), missing, "classes the docs name that do not exist");
    }

    /**
     * Every id the current docs name in a code span (`virtual/park`, or a pattern of them:
     * `virtual/{park,lock}`, `virtual/*-p1`) is one the registry has: prose written beside the
     * generated id list cannot describe a row that is gone. notebook.md is history and keeps old names.
     */
    /** Names the docs give as not (or no longer) ids, each saying so where it stands. */
    private static final Set<String> NOT_IDS = Set.of(
            "`kilim/continuation`", // floor/kilim-continuation's name before
            "`akka/typed-loom`"); // "so there is no akka/typed-loom"

    @Test
    void everyIdTheDocsNameIsRegistered() throws IOException {
        List<String> ids = new ArrayList<>(threadring.core.RingFactories.load().all().stream()
                .map(threadring.core.RingFactory::id).toList());
        ids.addAll(List.of(threadring.bench.data.Probe.SPEED, threadring.bench.data.Probe.CROSS_CPU));
        Set<String> models = new HashSet<>();
        ids.forEach(id -> models.add(id.substring(0, id.indexOf('/'))));
        Pattern span = Pattern.compile("`([a-z]+)/([a-z0-9{},*-]+)`");
        List<String> unknown = new ArrayList<>();
        int named = 0;
        for (Map.Entry<Path, String> entry : pages().entrySet()) {
            Path page = entry.getKey();
            if (page.endsWith("notebook.md")) {
                continue;
            }
            Matcher m = span.matcher(entry.getValue());
            while (m.find()) {
                if (!models.contains(m.group(1))) {
                    continue; // a path such as `docs/results`, not an id
                }
                named++;
                String glob = m.group(2).replace("*", "[a-z0-9-]*").replace("{", "(").replace("}", ")")
                        .replace(",", "|");
                Pattern id = Pattern.compile(Pattern.quote(m.group(1) + "/") + glob);
                if (ids.stream().noneMatch(x -> id.matcher(x).matches()) && !NOT_IDS.contains(m.group())) {
                    unknown.add(ROOT.relativize(page) + ": " + m.group());
                }
            }
        }
        assertTrue(named > 100, "ids named: " + named);
        assertEquals(List.of(), unknown, "ids the docs name that the registry does not have");
    }

    /**
     * Committed runs, comparisons and docs carry no machine's checkout: no absolute path to a run
     * folder or to the checkout's JDKs (a run records them relative to its results folder).
     */
    @Test
    void noCommittedFileNamesAMachinesCheckout() throws IOException {
        Pattern absolute = Pattern.compile("(?<![\\w.])/(?:[\\w.-]+/)+(?:results/\\d{8}-\\d{6}|\\.jdks/)");
        // in a run's files, any scratch or home folder of the machine it ran on (a flag's file, a JFR dump)
        Pattern scratch = Pattern.compile("(?<![\\w.])/(?:tmp|home|root|work|Users)/[\\w.-]+");
        Path results = ROOT.resolve("docs").resolve("results");
        List<String> found = new ArrayList<>();
        int read = 0;
        try (Stream<Path> files = Stream.concat(Stream.of(ROOT.resolve("README.md")), Files.walk(ROOT.resolve("docs")))) {
            for (Path f : files.filter(f -> f.toString().matches(".*\\.(md|html|json|json\\.gz)$")).toList()) {
                read++;
                String text = threadring.bench.data.RunFile.text(f);
                Matcher m = absolute.matcher(text);
                if (m.find()) {
                    found.add(ROOT.relativize(f) + ": " + m.group());
                }
                Matcher s = scratch.matcher(text);
                if (f.startsWith(results) && s.find()) {
                    found.add(ROOT.relativize(f) + ": " + s.group());
                }
            }
        }
        assertTrue(read > 100, "files read: " + read);
        assertEquals(List.of(), found);
    }

    private static final Pattern RUN_ID = Pattern.compile("(?<![\\d-])(\\d{8}-\\d{6})(?!\\d)");
    /** The run id docs/usage.md shows as an example of the form. */
    static final String EXAMPLE_RUN_ID = "20261122-071500";

    /** README.md and docs/*.md, each with its text. */
    private static Map<Path, String> pages() throws IOException {
        Map<Path, String> pages = new java.util.LinkedHashMap<>();
        pages.put(ROOT.resolve("README.md"), Files.readString(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            for (Path p : docs.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                pages.put(p, Files.readString(p));
            }
        }
        return pages;
    }

    /** A run id the docs cite is a committed run, or its sentence says it is not committed. */
    @Test
    void everyRunIdTheDocsCiteIsCommittedOrSaysItIsNot() throws IOException {
        List<String> problems = new ArrayList<>();
        int cited = 0;
        for (Map.Entry<Path, String> page : pages().entrySet()) {
            String text = page.getValue();
            Matcher m = RUN_ID.matcher(text);
            while (m.find()) {
                cited++;
                String id = m.group(1);
                if (id.equals(EXAMPLE_RUN_ID) || Files.isDirectory(ROOT.resolve("docs/results").resolve(id))) {
                    continue;
                }
                int end = text.indexOf(". ", m.end());
                String sentence = text.substring(m.end(), end < 0 ? text.length() : end);
                if (!sentence.contains("not committed")) {
                    problems.add(ROOT.relativize(page.getKey()) + ": " + id);
                }
            }
        }
        assertTrue(cited > 50, "run ids cited: " + cited);
        assertEquals(List.of(), problems, "run ids that are neither committed nor said not to be");
    }

    /**
     * A duration the docs quote for a run ("took 63.0 minutes") is the run's own, from its start and
     * end in run.json: the committed run cited nearest to it in the same paragraph.
     */
    @Test
    void aDurationTheDocsQuoteIsItsRunsOwn() throws IOException {
        Pattern took = Pattern.compile("took \\**(\\d+\\.\\d) minutes");
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<Path, String> page : pages().entrySet()) {
            if (page.getKey().endsWith("notebook.md")) {
                continue; // analyses as written at the time, naming runs by their letters
            }
            String text = page.getValue();
            Matcher m = took.matcher(text);
            while (m.find()) {
                int from = Math.max(text.lastIndexOf("\n\n", m.start()), 0);
                int to = text.indexOf("\n\n", m.end());
                String paragraph = text.substring(from, to < 0 ? text.length() : to);
                int at = m.start() - from;
                String nearest = null;
                int distance = Integer.MAX_VALUE;
                Matcher ids = RUN_ID.matcher(paragraph);
                while (ids.find()) {
                    Path dir = ROOT.resolve("docs/results").resolve(ids.group(1));
                    int d = Math.abs(ids.start() - at);
                    if (threadring.bench.data.RunFile.isRun(dir) && d < distance) {
                        nearest = ids.group(1);
                        distance = d;
                    }
                }
                if (nearest == null) {
                    continue;
                }
                checked++;
                double minutes = threadring.bench.data.RunFile.read(ROOT.resolve("docs/results").resolve(nearest)).minutes();
                String own = String.format(Locale.ROOT, "%.1f", minutes);
                if (!own.equals(m.group(1))) {
                    problems.add(ROOT.relativize(page.getKey()) + ": " + m.group() + ", but run " + nearest + " took "
                            + own);
                }
            }
        }
        assertTrue(checked >= 4, "durations checked: " + checked);
        assertEquals(List.of(), problems);
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
