package threadring.bench.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house's bars, read from the sources (comments and strings left out): no workload's size is
 * cast down to its kind (a size is asked, {@code Size.measured}, or typed where options build it),
 * and no class of this project is named inline by its full name (an import shows the arrow).
 */
class HouseTest {

    private static final Pattern DOWNCAST = Pattern.compile("instanceof\\s+Size\\.\\w+|\\(\\s*Size\\.(Timed|Served)\\s*\\)");
    private static final Pattern INLINE = Pattern.compile("(?<![\\w.])threadring\\.[a-z]\\w*(\\.[a-z]\\w*)*\\.[A-Z]");

    /** Each main source of every module, with the matches of {@code p} in its code. */
    static List<String> found(Pattern p) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path module : modules.filter(d -> Files.isDirectory(d.resolve("src/main/java"))).sorted().toList()) {
                try (Stream<Path> sources = Files.walk(module.resolve("src/main/java"))) {
                    for (Path f : sources.filter(x -> x.toString().endsWith(".java")).sorted().toList()) {
                        String code = SourceCyclesTest.code(Files.readString(f)).replaceAll("(?m)^(import|package) [^;]*;", "");
                        Matcher m = p.matcher(code);
                        while (m.find()) {
                            out.add(f + ": " + m.group());
                        }
                    }
                }
            }
        }
        return out;
    }

    @Test
    void noSizeIsCastDownToItsKind() throws IOException {
        assertEquals(List.of(), found(DOWNCAST));
    }

    @Test
    void noClassOfTheProjectIsNamedInlineInMainCode() throws IOException {
        assertEquals(List.of(), found(INLINE));
    }

    @Test
    void theInlineRuleFindsAnInlineName() {
        assertTrue(INLINE.matcher("x = threadring.bench.stats.Rerun.of(y);").find());
        assertTrue(DOWNCAST.matcher("if (size instanceof Size.Timed t)").find());
    }
}
