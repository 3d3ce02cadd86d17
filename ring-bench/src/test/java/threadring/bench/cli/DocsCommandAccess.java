package threadring.bench.cli;

import java.io.IOException;
import java.nio.file.Path;

/** The docs command's choice of run, for tests in other packages. */
public final class DocsCommandAccess {

    private DocsCommandAccess() {}

    /** The id of the run the docs answer from ({@link DocsCommand#newest}). */
    public static String newest(Path committed) throws IOException {
        return DocsCommand.newest(committed).getFileName().toString();
    }
}
