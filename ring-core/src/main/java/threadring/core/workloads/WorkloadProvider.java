package threadring.core.workloads;

import threadring.core.Workload;

/**
 * A workload declared outside ring-core: a jar of its own, or a test's fixture. Its jar lists the
 * provider in {@code META-INF/services/threadring.core.workloads.WorkloadProvider}, and
 * {@link Workloads#ALL} takes its workload after the built-in ones, so that nothing in ring-core or
 * ring-bench names it.
 */
public interface WorkloadProvider {

    /** The workload it adds. */
    Workload<?, ?> workload();
}
