package threadring.core;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The contract kit's checks in a child JVM started with a variant's own flags: {@link #run} starts
 * {@code java <jvmArgs> -cp <this classpath> ContractKitChild <id> <results>}, whose main runs
 * every check and writes one property per check ({@link #OK} or why it failed).
 */
public final class ContractKitChild {

    static final String OK = "ok";
    /** The child JVM's output, kept in the results when it did not write them itself. */
    static final String OUTPUT = "output";

    private ContractKitChild() {}

    public static void main(String[] args) throws IOException {
        RingFactory f = RingFactories.load().require(args[0]);
        Properties results = new Properties();
        for (ContractKit.Check c : ContractKit.checks(f)) {
            try {
                if (c.skip().apply(f).isPresent()) {
                    results.setProperty(c.name(), OK); // the parent skips it with the reason
                    continue;
                }
                c.run(f);
                results.setProperty(c.name(), OK);
            } catch (Throwable e) {
                results.setProperty(c.name(), String.valueOf(e).replace('\n', ' '));
            }
        }
        try (Writer w = Files.newBufferedWriter(Path.of(args[1]), StandardCharsets.UTF_8)) {
            results.store(w, f.id());
        }
        System.exit(0); // a ring's leftover non-daemon thread must not keep this JVM alive
    }

    /** Runs every check of {@code f} in a child JVM with its flags; never throws. */
    static Properties run(RingFactory f) {
        Properties results = new Properties();
        Duration timeout = ContractKit.checks(f).stream().map(ContractKit.Check::timeout)
                .reduce(Duration.ofSeconds(60), Duration::plus);
        try {
            Path file = Files.createTempFile("ring-contract", ".properties");
            Path log = Files.createTempFile("ring-contract", ".log");
            try {
                List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
                cmd.addAll(f.jvmArgs());
                cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ContractKitChild.class.getName(),
                        f.id(), file.toString()));
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
                try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    results.load(r);
                }
                results.setProperty(OUTPUT, Files.readString(log).strip().replace('\n', ' '));
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(log);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            results.setProperty(OUTPUT, "could not run a child JVM: " + e);
        }
        return results;
    }
}
