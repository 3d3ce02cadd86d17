/*
 * Written for threadring; replaces co.paralleluniverse.concurrent.util.ThreadAccess of Quasar
 * 0.8.0 (EPL-1.0 / LGPL-3.0, Parallel Universe Software Co.) in the quasar-runtime jar, whose
 * pom drops the original class.
 *
 * Why: the original looks up java.lang.Thread.target and Thread.inheritedAccessControlContext
 * in its static initialiser. JDK 19 moved target into Thread.FieldHolder and a later JDK removed
 * inheritedAccessControlContext, so on JDK 19+ the class fails to initialise
 * (NoSuchFieldException: java.lang.Thread.target) and no fiber can run.
 *
 * What is different: the same public static methods; the access control context is read and
 * written only where the field still exists (null / no-op elsewhere); the "target" Quasar sets
 * on a non-Quasar pool thread while it runs a task (ParkableForkJoinTask, the only caller, only
 * reads back what it wrote) is kept in a weak side table instead of Thread.target, on every JDK.
 * Thread-local maps are handled as before. Needs --add-opens java.base/java.lang=ALL-UNNAMED,
 * like the original.
 *
 * As a replacement part of Quasar, this file is offered under Quasar's terms: the Eclipse Public
 * License v1.0 or, at the licensee's choice, the GNU Lesser General Public License version 3.0.
 */
package co.paralleluniverse.concurrent.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Reference;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;

public class ThreadAccess {

    private static final Map<Thread, Runnable> TARGETS = Collections.synchronizedMap(new WeakHashMap<>());
    private static final VarHandle THREAD_LOCALS;
    private static final VarHandle INHERITABLE_THREAD_LOCALS;
    private static final VarHandle CONTEXT_CLASS_LOADER;
    private static final VarHandle ACCESS_CONTROL_CONTEXT; // null where the field is gone
    private static final Constructor<?> MAP_NEW;
    private static final Constructor<?> MAP_INHERITED;
    private static final Field MAP_TABLE;
    private static final Field MAP_SIZE;
    private static final Field MAP_THRESHOLD;
    private static final Class<?> ENTRY;
    private static final Constructor<?> ENTRY_NEW;
    private static final Field ENTRY_VALUE;

    static {
        try {
            MethodHandles.Lookup thread = MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup());
            THREAD_LOCALS = thread.unreflectVarHandle(Thread.class.getDeclaredField("threadLocals"));
            INHERITABLE_THREAD_LOCALS = thread.unreflectVarHandle(Thread.class.getDeclaredField("inheritableThreadLocals"));
            CONTEXT_CLASS_LOADER = thread.unreflectVarHandle(Thread.class.getDeclaredField("contextClassLoader"));
            VarHandle acc = null;
            try {
                acc = thread.unreflectVarHandle(Thread.class.getDeclaredField("inheritedAccessControlContext"));
            } catch (NoSuchFieldException gone) {
                // JDK without the field: nothing to save or restore
            }
            ACCESS_CONTROL_CONTEXT = acc;
            Class<?> map = Class.forName("java.lang.ThreadLocal$ThreadLocalMap");
            MAP_NEW = open(map.getDeclaredConstructor(ThreadLocal.class, Object.class));
            MAP_INHERITED = open(map.getDeclaredConstructor(map));
            MAP_TABLE = open(map.getDeclaredField("table"));
            MAP_SIZE = open(map.getDeclaredField("size"));
            MAP_THRESHOLD = open(map.getDeclaredField("threshold"));
            ENTRY = Class.forName("java.lang.ThreadLocal$ThreadLocalMap$Entry");
            ENTRY_NEW = open(ENTRY.getDeclaredConstructor(ThreadLocal.class, Object.class));
            ENTRY_VALUE = open(ENTRY.getDeclaredField("value"));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static <T extends AccessibleObject> T open(T member) {
        member.setAccessible(true);
        return member;
    }

    public static Runnable getTarget(Thread thread) {
        return TARGETS.get(thread);
    }

    public static void setTarget(Thread thread, Runnable target) {
        if (target == null) {
            TARGETS.remove(thread);
        } else {
            TARGETS.put(thread, target);
        }
    }

    public static Object getThreadLocals(Thread thread) {
        return THREAD_LOCALS.get(thread);
    }

    public static void setThreadLocals(Thread thread, Object threadLocals) {
        THREAD_LOCALS.set(thread, threadLocals);
    }

    public static Object getInheritableThreadLocals(Thread thread) {
        return INHERITABLE_THREAD_LOCALS.get(thread);
    }

    public static void setInheritableThreadLocals(Thread thread, Object threadLocals) {
        INHERITABLE_THREAD_LOCALS.set(thread, threadLocals);
    }

    public static ClassLoader getContextClassLoader(Thread thread) {
        return (ClassLoader) CONTEXT_CLASS_LOADER.get(thread);
    }

    public static void setContextClassLoader(Thread thread, ClassLoader loader) {
        CONTEXT_CLASS_LOADER.set(thread, loader);
    }

    @SuppressWarnings("removal")
    public static java.security.AccessControlContext getInheritedAccessControlContext(Thread thread) {
        return ACCESS_CONTROL_CONTEXT == null ? null : (java.security.AccessControlContext) ACCESS_CONTROL_CONTEXT.get(thread);
    }

    @SuppressWarnings("removal")
    public static void setInheritedAccessControlContext(Thread thread, java.security.AccessControlContext context) {
        if (ACCESS_CONTROL_CONTEXT != null) {
            ACCESS_CONTROL_CONTEXT.set(thread, context);
        }
    }

    public static Object createInheritedMap(Object parentMap) {
        try {
            return MAP_INHERITED.newInstance(parentMap);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    public static Object cloneThreadLocalMap(Object map) {
        try {
            Object copy = MAP_NEW.newInstance(new ThreadLocal<>(), null);
            Object table = MAP_TABLE.get(map);
            int length = Array.getLength(table);
            Object entries = Array.newInstance(ENTRY, length);
            for (int i = 0; i < length; i++) {
                Object e = Array.get(table, i);
                if (e != null) {
                    Array.set(entries, i, ENTRY_NEW.newInstance(((Reference<?>) e).get(), ENTRY_VALUE.get(e)));
                }
            }
            MAP_TABLE.set(copy, entries);
            MAP_SIZE.setInt(copy, MAP_SIZE.getInt(map));
            MAP_THRESHOLD.setInt(copy, MAP_THRESHOLD.getInt(map));
            return copy;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("rawtypes")
    public static Map<ThreadLocal, Object> toMap(Object map) {
        try {
            Map<ThreadLocal, Object> result = new HashMap<>();
            Object table = MAP_TABLE.get(map);
            for (int i = 0, n = Array.getLength(table); i < n; i++) {
                Object e = Array.get(table, i);
                if (e != null) {
                    result.put((ThreadLocal) ((Reference<?>) e).get(), ENTRY_VALUE.get(e));
                }
            }
            return result;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
