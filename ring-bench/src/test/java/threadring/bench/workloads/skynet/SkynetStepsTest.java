package threadring.bench.workloads.skynet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import threadring.bench.data.SettingsTest;
import threadring.core.skynet.SkynetSize;

/** A Skynet pass is one tree, timed per task: its steps are the tree's tasks, never calibrated. */
class SkynetStepsTest {

    @Test
    void aPassIsOneTreeOfItsTasks() {
        SkynetSize tree = new SkynetSize(10, 2);
        assertEquals(111, tree.stepsPerOperation(), "1 root, 10 children, 100 leaves");
        assertEquals(111, SettingsTest.settings().steps(tree));
    }
}
