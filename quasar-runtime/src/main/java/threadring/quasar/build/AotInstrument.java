package threadring.quasar.build;

import co.paralleluniverse.fibers.instrument.Log;
import co.paralleluniverse.fibers.instrument.LogLevel;
import co.paralleluniverse.fibers.instrument.MethodDatabase;
import co.paralleluniverse.fibers.instrument.QuasarInstrumentor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.RecordComponentVisitor;

/**
 * Instruments a directory of compiled classes in place with Quasar's own instrumentor (ahead of
 * time, the way Quasar's Ant task does), so the classes run as fibers without {@code -javaagent}.
 * Run by ring-quasar's build at {@code process-classes} with that module's run-time class path.
 *
 * <p>Fails (exit status 1) if Quasar reports any error or warning, or if no class in the
 * directory needed instrumenting: both mean a suspendable method may run uninstrumented.
 *
 * <p>Usage: {@code AotInstrument <classes-dir>}
 */
public final class AotInstrument {

    /** The annotation Quasar puts on every method it instrumented (named once per class file). */
    private static final byte[] INSTRUMENTED = "Lco/paralleluniverse/fibers/Instrumented;".getBytes(StandardCharsets.UTF_8);

    private AotInstrument() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: AotInstrument <classes-dir>");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        List<String> problems = new ArrayList<>();
        QuasarInstrumentor quasar = new QuasarInstrumentor(true);
        quasar.setCheck(true);
        quasar.setLog(new Log() {
            @Override
            public void log(LogLevel level, String message, Object... params) {
                String line = "[quasar] " + level + ": " + String.format(message, params);
                System.out.println(line);
                if (level == LogLevel.WARNING) {
                    problems.add(line);
                }
            }

            @Override
            public void error(String message, Throwable error) {
                System.out.println("[quasar] ERROR: " + message);
                error.printStackTrace(System.out);
                problems.add("[quasar] ERROR: " + message + ": " + error);
            }
        });

        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
        }
        try (URLClassLoader loader = new AnalysisLoader(dir, AotInstrument.class.getClassLoader())) {
            // First make every class known to Quasar's method database, so calls between them
            // are classified before any is instrumented (as Quasar's Ant task does).
            MethodDatabase db = quasar.getMethodDatabase(loader);
            Map<Path, String> names = new LinkedHashMap<>();
            for (Path f : files) {
                names.put(f, db.checkClass(f.toFile()));
            }
            for (Map.Entry<Path, String> e : names.entrySet()) {
                String name = e.getValue();
                if (name == null || !quasar.shouldInstrument(name)) {
                    continue;
                }
                byte[] before = Files.readAllBytes(e.getKey());
                byte[] after = quasar.instrumentClass(loader, name, before);
                // null: nothing to do (e.g. instrumented by an earlier build)
                if (after != null && !Arrays.equals(before, after)) {
                    write(e.getKey(), after);
                }
            }
            int instrumented = 0;
            for (Path f : files) {
                if (contains(Files.readAllBytes(f), INSTRUMENTED)) {
                    instrumented++;
                    System.out.println("[quasar] instrumented: " + dir.relativize(f));
                }
            }
            System.out.println("[quasar] " + instrumented + " of " + files.size() + " classes in " + dir
                    + " carry Quasar instrumentation (@Instrumented), JDK " + Runtime.version());
            if (!problems.isEmpty()) {
                System.out.println("[quasar] FAILED: " + problems.size() + " error(s)/warning(s) above");
                System.exit(1);
            }
            if (instrumented == 0) {
                System.out.println("[quasar] FAILED: no class was instrumented (is nothing suspendable?)");
                System.exit(1);
            }
        }
    }

    /**
     * The class path Quasar's method database reads class files from. Quasar 0.8.0 reads them
     * with ASM visitors of API level 7, which refuse the PermittedSubclasses and Record
     * attributes of today's JDK classes (sealed interfaces, records); it needs neither to find
     * suspendable methods, so this loader serves class files without them. The classes being
     * instrumented are handed to Quasar as they are.
     */
    static final class AnalysisLoader extends URLClassLoader {
        AnalysisLoader(Path dir, ClassLoader parent) throws IOException {
            super(new URL[] {dir.toUri().toURL()}, parent);
        }

        @Override
        public URL getResource(String name) {
            URL original = super.getResource(name);
            if (original == null || !name.endsWith(".class")) {
                return original;
            }
            try {
                return new URL(null, "quasar-analysis:" + name, new URLStreamHandler() {
                    @Override
                    protected URLConnection openConnection(URL u) {
                        return new URLConnection(u) {
                            @Override
                            public void connect() {}

                            @Override
                            public InputStream getInputStream() throws IOException {
                                try (InputStream in = original.openStream()) {
                                    return new ByteArrayInputStream(withoutJava15Attributes(in.readAllBytes()));
                                }
                            }
                        };
                    }
                });
            } catch (MalformedURLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static byte[] withoutJava15Attributes(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visitPermittedSubclass(String permittedSubclass) {}

            @Override
            public RecordComponentVisitor visitRecordComponent(String name, String descriptor, String signature) {
                return null;
            }
        }, 0);
        return writer.toByteArray();
    }

    private static boolean contains(byte[] data, byte[] pattern) {
        if (data == null) {
            return false;
        }
        outer:
        for (int i = 0; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void write(Path file, byte[] data) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, data);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
