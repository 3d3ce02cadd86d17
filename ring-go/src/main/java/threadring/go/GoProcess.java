package threadring.go;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One running Go program ({@link GoProgram}) holding one workload's goroutines: started with the
 * workload and its shape, asked one request per line, answering one line of numbers. Its
 * GOMAXPROCS is this JVM's available processors, so that a row pinned to some cpus runs Go on as
 * many (the child inherits the JVM's cpu affinity). Its standard error goes to a file, read into
 * the message when it fails; no thread of this JVM serves it, so the JVM's own costs stay out of
 * the way. Closing asks it to stop its goroutines and exit, and waits for it.
 */
final class GoProcess implements AutoCloseable {

    private static final long EXIT_SECONDS = 30;

    private final String id;
    private final Process process;
    private final Writer in;
    private final BufferedReader out;
    private final Path errors;

    private GoProcess(String id, Process process, Path errors) {
        this.id = id;
        this.process = process;
        this.errors = errors;
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.US_ASCII);
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
    }

    /**
     * The program started for {@code id} with {@code args} (the workload and its shape), once it
     * says it is ready.
     *
     * @throws IllegalStateException if there is no Go program here (with why), or it did not start
     */
    static GoProcess start(String id, String... args) {
        GoProgram.Result program = GoProgram.binary();
        if (program.binary() == null) {
            throw new IllegalStateException(id + " cannot run here: " + program.why());
        }
        try {
            Path errors = Files.createTempFile("threadring-go-", ".stderr");
            List<String> command = new ArrayList<>(List.of(program.binary().toString()));
            command.addAll(List.of(args));
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(errors.toFile());
            pb.environment().put("GOMAXPROCS", String.valueOf(Runtime.getRuntime().availableProcessors()));
            GoProcess p = new GoProcess(id, pb.start(), errors);
            String ready = p.out.readLine();
            if (!"ready".equals(ready)) {
                String why = p.stderr();
                p.close();
                throw new IllegalStateException(id + ": the Go program did not start (" + String.join(" ", args)
                        + "): " + why);
            }
            return p;
        } catch (IOException e) {
            throw new IllegalStateException(id + ": could not start the Go program", e);
        }
    }

    /** The numbers the program answers {@code request} with. */
    long[] ask(String request) {
        try {
            in.write(request);
            in.write('\n');
            in.flush();
            String line = out.readLine();
            if (line == null) {
                throw new IllegalStateException(id + ": the Go program ended while answering '" + request + "'"
                        + exit() + ": " + stderr());
            }
            String[] fields = line.trim().split(" ");
            long[] answer = new long[fields.length];
            for (int i = 0; i < fields.length; i++) {
                answer[i] = Long.parseLong(fields[i]);
            }
            return answer;
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException(id + ": no answer from the Go program to '" + request + "'" + exit() + ": "
                    + stderr(), e);
        }
    }

    /** The process, for tests: whether it is still alive after close. */
    ProcessHandle handle() {
        return process.toHandle();
    }

    private String exit() {
        return process.isAlive() ? "" : " (exit " + process.exitValue() + ")";
    }

    private String stderr() {
        try {
            String text = Files.readString(errors, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "nothing on its standard error" : text.lines().limit(5)
                    .reduce((a, b) -> a + "; " + b).orElse("");
        } catch (IOException e) {
            return "its standard error unreadable: " + e;
        }
    }

    /** Asks the program to stop its goroutines and exit, and waits for it (kills it if it does not). */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                try {
                    in.write("quit\n");
                    in.flush();
                    in.close();
                } catch (IOException e) {
                    // it is ending already: the wait below sees to it
                }
                if (!process.waitFor(EXIT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(EXIT_SECONDS, TimeUnit.SECONDS);
                    throw new IllegalStateException(id + ": the Go program did not exit within " + EXIT_SECONDS
                            + " s of close(): killed");
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            try {
                Files.deleteIfExists(errors);
            } catch (IOException e) {
                // a temporary file left behind
            }
        }
    }
}
