package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decorators cannot drop behaviour: every method {@link Executor} declares, today's and any
 * added later, reaches the delegate of each decorator and its answer comes back; and every
 * executor in the code that wraps another one is such a decorator.
 */
class ExecutorForwardingTest {
    private static final Optional<SandboxImage> JVM = Optional.of(SandboxImage.JVM);

    /** Every decorator in src/main, each checked below; a new one must be added here. */
    private static final Set<Class<?>> CHECKED_DECORATORS = Set.of(AutoSandbox.class);

    @Test
    void aForwardingExecutorForwardsEveryMethodOfExecutor() throws Exception {
        RecordingExecutor inner = RecordingExecutor.plain("inner");
        Executor decorator = new ForwardingExecutor(List.of(inner.asExecutor())) {
            @Override
            protected Executor delegate(Optional<SandboxImage> family) {
                return inner.asExecutor();
            }
        };

        assertEveryMethodReaches(decorator, inner, JVM);
    }

    @ParameterizedTest(name = "engine has the image: {0}")
    @ValueSource(booleans = {true, false})
    void autoSandboxForwardsEveryMethodToTheExecutorItChose(boolean engineHasTheImage) throws Exception {
        RecordingExecutor docker = RecordingExecutor.containers("docker", engineHasTheImage);
        RecordingExecutor local = RecordingExecutor.plain("local");
        Executor auto = new AutoSandbox(docker.asContainerExecutor(), local.asExecutor(), line -> {});
        RecordingExecutor chosen = engineHasTheImage ? docker : local;
        RecordingExecutor other = engineHasTheImage ? local : docker;

        assertEveryMethodReaches(auto, chosen, JVM);
        assertThat(other.calls).as("the other executor got only its close").containsOnly("close");
    }

    @Test
    void everyExecutorThatHoldsAnotherExtendsForwardingExecutor() {
        JavaClasses classes = new ClassFileImporter().importPackages("dev.repofix");
        List<String> offenders = classes.stream()
                .filter(c -> c.isAssignableTo(Executor.class) && !c.isInterface())
                .filter(c -> c.getAllFields().stream().anyMatch(f -> f.getRawType().isAssignableTo(Executor.class)))
                .filter(c -> !c.isAssignableTo(ForwardingExecutor.class))
                .map(JavaClass::getName).toList();
        assertThat(offenders).as("executors that wrap another executor without extending ForwardingExecutor")
                .isEmpty();
    }

    @Test
    void everyDecoratorInTheCodeIsCheckedHere() {
        JavaClasses main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.repofix");
        Set<Class<?>> decorators = main.stream()
                .filter(c -> c.isAssignableTo(ForwardingExecutor.class) && !c.getModifiers().contains(
                        com.tngtech.archunit.core.domain.JavaModifier.ABSTRACT))
                .map(JavaClass::reflect).collect(Collectors.toSet());
        assertThat(decorators).as("add a forwarding check for each new decorator to this test")
                .isEqualTo(CHECKED_DECORATORS);
    }

    /**
     * Calls each method {@link Executor} declares on {@code decorator} and checks that the
     * call reached {@code delegate} and that the delegate's answer came back; close last.
     */
    private static void assertEveryMethodReaches(Executor decorator, RecordingExecutor delegate,
            Optional<SandboxImage> family) throws Exception {
        List<Method> methods = Arrays.stream(Executor.class.getDeclaredMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers()) && !m.isSynthetic())
                .sorted((a, b) -> Boolean.compare(a.getName().equals("close"), b.getName().equals("close")))
                .toList();
        assertThat(methods).extracting(Method::getName).contains("run", "start", "where", "sandboxKind", "close");
        Command command = RecordingExecutor.command(family);
        for (Method m : methods) {
            int before = delegate.calls.size();
            Object answer;
            try {
                answer = m.invoke(decorator, RecordingExecutor.argumentsFor(m, command));
            } catch (InvocationTargetException e) {
                throw new AssertionError(m.getName() + " failed on " + decorator.getClass().getName(), e.getCause());
            }
            assertThat(delegate.calls.subList(before, delegate.calls.size()))
                    .as("%s.%s reaches %s", decorator.getClass().getName(), m.getName(), delegate.name)
                    .containsExactly(m.getName());
            assertThat(answer).as("%s.%s hands back the delegate's answer", decorator.getClass().getName(),
                    m.getName()).isEqualTo(delegate.answer(m));
        }
    }
}
