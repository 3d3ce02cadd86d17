package threadring.bench.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Files written through a temporary file and a rename, so that a reader never sees half of one. */
public final class AtomicFiles {

    private AtomicFiles() {}

    public static void write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Fails before any work if files cannot be written under {@code dir}. */
    public static void requireWritable(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            throw new UsageException("--results " + dir + ": cannot create it (" + e + ")");
        }
        if (!Files.isWritable(dir)) {
            throw new UsageException("--results " + dir + ": not writable");
        }
    }
}
