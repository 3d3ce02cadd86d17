package threadring.bench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.export.Bencher;
import threadring.bench.util.AtomicFiles;
import threadring.bench.util.HelpOption;
import threadring.bench.util.UsageException;

/**
 * {@code export RUN [--format bencher] [--out FILE]}: a run's rows for a regression tracker, in
 * Bencher's metric format ({@link Bencher}), to standard output or to FILE (written through a
 * temporary file and a rename; an existing FILE is replaced, and the line that says where it went
 * says so). A run that is missing or cannot be read is one line and exit status 2.
 */
@Command(name = "export", description = "RUN's rows for a regression tracker, in Bencher's metric format (BMF JSON): "
        + "per row (\"<configuration> <series> <id>\") its level with the 95%% interval for a re-run report.md prints "
        + "(none on a flagged row or with fewer than 3 forks), whether it is flagged, the share of its JVMs the level "
        + "stands for, and its CPU and bytes per step where counted; and per answer table each ratio it decides on "
        + "(\"<configuration> <series> <A> / <B>\", measure ratio, with its 95%% interval for a re-run's ratio).")
public final class ExportCommand implements Callable<Integer> {

    /** The formats there are. */
    static final String BENCHER = "bencher";

    @Mixin
    HelpOption help;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RUN", description = "A run directory, a run id under results/, or latest.")
    String run;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = BENCHER,
            description = "The format: bencher (Bencher's metric format; the only one, the default).")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE (replaced if it exists) instead of "
            + "standard output.")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (!BENCHER.equals(format)) {
            throw new UsageException("export: --format " + format + ": the formats are " + BENCHER);
        }
        Path target = out == null ? null : writable(out.toAbsolutePath().normalize());
        Path dir = Home.resolve("export", run, Home.home().resolve("results"));
        Run read;
        try {
            read = RunFile.read(dir);
        } catch (IOException e) {
            throw new UsageException("export: cannot read " + dir.resolve(RunFile.NAME) + ": " + e);
        } catch (UsageException e) { // a parser's message can run on (Gson adds a line pointing to its troubleshooting page)
            throw new UsageException("export: " + e.getMessage().lines().findFirst().orElse(""));
        }
        LinkedHashMap<String, LinkedHashMap<String, Bencher.BmfMetric>> bmf = Bencher.of(read);
        String json = Bencher.json(bmf);
        PrintWriter stdout = spec.commandLine().getOut();
        if (target == null) {
            stdout.println(json);
            stdout.flush();
            return 0;
        }
        boolean replaced = Files.exists(target);
        AtomicFiles.write(target, json + System.lineSeparator());
        stdout.println("threadring: " + bmf.size() + " benchmarks of run " + read.runId() + " written to " + target
                + (replaced ? " (replacing the file that was there)" : ""));
        stdout.flush();
        return 0;
    }

    /** {@code file}, if it can be written: not a directory, in a directory that exists and is writable. */
    static Path writable(Path file) {
        Path parent = file.getParent();
        if (Files.isDirectory(file)) {
            throw new UsageException("export: --out " + file + " is a directory");
        }
        if (parent == null || !Files.isDirectory(parent)) {
            throw new UsageException("export: --out " + file + ": no directory " + parent);
        }
        if (!Files.isWritable(parent)) {
            throw new UsageException("export: --out " + file + ": " + parent + " is not writable");
        }
        return file;
    }
}
