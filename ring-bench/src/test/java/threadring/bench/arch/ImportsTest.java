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
 * No Java source of any module imports a class its code does not name: an import used only by a
 * javadoc link drew a false arrow between packages, and one closed the only circle in the import
 * graph (ring-core's Operation to the fan-out's size). A javadoc link names the class in full.
 */
class ImportsTest {

    private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(static\\s+)?([\\w.]+?)\\.(\\w+)\\s*;");

    /** The imports of {@code source} whose simple name its code (no comments, strings or imports) never uses. */
    static List<String> unused(String source) {
        String code = SourceCyclesTest.code(source);
        List<String> out = new ArrayList<>();
        Matcher m = IMPORT.matcher(source);
        while (m.find()) {
            if (!Pattern.compile("\\b" + Pattern.quote(m.group(3)) + "\\b").matcher(code).find()) {
                out.add(m.group(2) + "." + m.group(3));
            }
        }
        return out;
    }

    @Test
    void everyImportIsUsedByCode() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path module : modules.filter(d -> Files.isDirectory(d.resolve("src"))).sorted().toList()) {
                try (Stream<Path> sources = Files.walk(module.resolve("src"))) {
                    for (Path f : sources.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                        files++;
                        unused(Files.readString(f)).forEach(i -> found.add(f + ": " + i));
                    }
                }
            }
        }
        assertTrue(files > 300, "sources read: " + files);
        assertTrue(found.isEmpty(), "imports no code uses:\n" + String.join("\n", found));
    }

    @Test
    void anImportOnlyAJavadocLinkUsesIsFound() {
        String source = "package a;\nimport b.Size;\nimport b.Used;\nimport static c.D.check;\n"
                + "/** {@link Size} */\nclass A { Used u; void f() { check(); } }";
        assertEquals(List.of("b.Size"), unused(source));
    }
}
