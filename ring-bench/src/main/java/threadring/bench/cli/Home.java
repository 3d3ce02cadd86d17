package threadring.bench.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import threadring.bench.data.FootprintRun;
import threadring.bench.data.RunFile;
import threadring.bench.util.UsageException;

/** Where the tool lives: its home (benchmark.sh's folder, with results/ in it), its jar, and a run named on the command line. */
public final class Home {

    private Home() {}

    /** A run directory (a sweep, or for report also a footprint run), a run id under results/, or "latest". */
    public static Path resolve(String command, String arg, Path results) {
        for (Path p : List.of(Path.of(arg), results.resolve(arg))) {
            if (RunFile.isRun(p) || command.equals("report") && Files.isRegularFile(p.resolve(FootprintRun.FILE))) {
                try {
                    return p.toRealPath();
                } catch (IOException e) {
                    return p.toAbsolutePath().normalize();
                }
            }
        }
        throw new UsageException(command + ": '" + arg + "' is neither a run directory (with " + RunFile.NAME
                + ") nor a run id under " + results);
    }

    /** The directory holding benchmark.sh (passed by it), else the working directory. */
    public static Path home() {
        return Path.of(System.getProperty("threadring.home", ".")).toAbsolutePath().normalize();
    }

    /** The shaded jar this class was loaded from. */
    public static Path jar() {
        try {
            Path p = Path.of(Home.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(p)) {
                throw new IllegalStateException("run needs benchmarks.jar on the class path, not " + p);
            }
            return p;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
