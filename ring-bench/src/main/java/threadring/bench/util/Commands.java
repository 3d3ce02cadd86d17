package threadring.bench.util;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * How this tool runs a picocli command: a bad option or value is one line naming it and exit
 * status 2, a {@link UsageException} the same, any other error one line and exit status 1.
 */
public final class Commands {

    /** The exit status after Ctrl-C: 128 + SIGINT. */
    public static final int INTERRUPTED = 130;

    private Commands() {}

    public static CommandLine line(Object command, String prog, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(command);
        cli.setCommandName(prog);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setParameterExceptionHandler((e, a) -> {
            err.println(prog + ": " + e.getMessage());
            return 2;
        });
        cli.setExecutionExceptionHandler((e, c, parsed) -> {
            if (Processes.stopping()) {
                return INTERRUPTED; // the interrupt says what happened, once; no second story
            }
            err.println(prog + ": " + (e instanceof UsageException ? e.getMessage() : Errors.describe(e)));
            return e instanceof UsageException ? 2 : 1;
        });
        return cli;
    }

    /** Runs {@code command} with {@code args}; returns its exit status. */
    public static int execute(Object command, String prog, List<String> args, PrintStream out, PrintStream err) {
        return line(command, prog, out, err).execute(args.toArray(String[]::new));
    }
}
