package threadring.bench.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.echo.EchoLoad;
import threadring.core.RingFactory;
import threadring.core.Workload.Size;

/**
 * The echo servers of a sweep under wrk, one id after another (each its repetitions), from this
 * process: run.json gains each id as it finishes. An id that cannot hold the plan's connections
 * here (more OS threads than the kernel allows) gets that as its failure.
 */
final class EchoJobs {

    private final Settings settings;
    private final Path runDir;
    private final Path jar;
    private final Path wrk;
    private final Path script;
    private final RunLog log;
    private final Progress progress;

    EchoJobs(Settings settings, Path runDir, Path jar, Path wrk, Path script, RunLog log, Progress progress) {
        this.settings = settings;
        this.runDir = runDir;
        this.jar = jar;
        this.wrk = wrk;
        this.script = script;
        this.log = log;
        this.progress = progress;
    }

    Job run(Configuration c, Plan p, Size.Served size) throws IOException, InterruptedException {
        int connections = size.connections();
        EchoLoad load = new EchoLoad(jar.toString(), c, wrk, script,
                Files.createDirectories(runDir.resolve(RunFile.JOBS).resolve(c.label())),
                EchoLoad.Timing.of(settings.scored()), log::log);
        List<String> ids = p.ids();
        EchoLoad.Placement placement = EchoLoad.Placement.of(c.cpus());
        log.log("threadring: [" + c.label() + "] " + ids + " " + p.describe() + " (wrk on cpus "
                + placement.wrkCpus() + ", servers on " + placement.serverCpus() + ")");
        progress.job(c.label(), p.describe(), ids);
        List<Measured> results = new ArrayList<>();
        log.running(p.job(c.label(), ids, Job.Status.RUNNING, null, null, List.of()));
        for (RingFactory f : p.factories()) {
            Optional<String> cannot = f.cannotOpen(connections);
            Measured m = cannot.isPresent() ? Measured.limited(f.id(), cannot.get()) : load.measure(f, connections);
            results.add(m);
            log.running(p.job(c.label(), ids, Job.Status.RUNNING, null, null, List.copyOf(results)));
            progress.finished(Sweep.key(c, p, f.id()), f.id(), p.estimate(settings), p.size(), m, null);
        }
        return p.job(c.label(), ids, Job.Status.OK, null, null, List.copyOf(results));
    }
}
