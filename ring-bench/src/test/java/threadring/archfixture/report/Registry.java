package threadring.archfixture.report;

import java.util.List;

/** Fixture: a registry of sections, one of which asks the registry for its name: a class-level loop. */
public final class Registry {
    static final List<Section> ALL = List.of(new Section());

    static String name(Section s) {
        return s.toString();
    }
}
