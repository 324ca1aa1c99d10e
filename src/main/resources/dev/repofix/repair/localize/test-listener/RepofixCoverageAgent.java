package dev.repofix.coverage;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * repofix: the listener jar is given to the JVM as an agent so that the JVM puts it on the
 * system class path, where the JUnit Platform and TestNG find their listeners through
 * META-INF/services. JUnit 4 has no such seam, so the agent adds a call to
 * {@link RepofixJUnit4Hook} at the start of RunNotifier's methods that fire a test's events
 * (with ASM, relocated into this jar). A class of its own, so that a JVM without JUnit (Maven's own) never
 * loads a listener.
 */
public final class RepofixCoverageAgent implements ClassFileTransformer {
    private static final String NOTIFIER = "org/junit/runner/notification/RunNotifier";
    private static final String HOOK = "dev/repofix/coverage/RepofixJUnit4Hook";

    private RepofixCoverageAgent() {}

    public static void premain(String args, Instrumentation instrumentation) {
        instrumentation.addTransformer(new RepofixCoverageAgent());
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
            byte[] bytes) {
        if (!NOTIFIER.equals(name) || redefined != null || !seesHook(loader)) {
            return null;
        }
        try {
            ClassReader reader = new ClassReader(bytes);
            ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
            reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
                @Override
                public MethodVisitor visitMethod(int access, String method, String descriptor, String signature,
                        String[] exceptions) {
                    MethodVisitor visitor = super.visitMethod(access, method, descriptor, signature, exceptions);
                    final String hook = hookOf(method, descriptor);
                    if (hook == null) {
                        return visitor;
                    }
                    return new MethodVisitor(Opcodes.ASM9, visitor) {
                        @Override
                        public void visitCode() {
                            super.visitCode();
                            super.visitVarInsn(Opcodes.ALOAD, 1);
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, hook, "(Ljava/lang/Object;)V", false);
                        }
                    };
                }
            }, 0);
            return writer.toByteArray();
        } catch (Throwable e) {
            return null; // JUnit 4 as it is: its tests get no per-test coverage
        }
    }

    /** The hook's method for one of RunNotifier's, or null. */
    private static String hookOf(String method, String descriptor) {
        if (method.equals("fireTestStarted") && descriptor.equals("(Lorg/junit/runner/Description;)V")) {
            return "started";
        }
        if (method.equals("fireTestFinished") && descriptor.equals("(Lorg/junit/runner/Description;)V")) {
            return "finished";
        }
        if (method.equals("fireTestFailure") && descriptor.equals("(Lorg/junit/runner/notification/Failure;)V")) {
            return "failed";
        }
        if (method.equals("fireTestAssumptionFailed")
                && descriptor.equals("(Lorg/junit/runner/notification/Failure;)V")) {
            return "assumptionFailed";
        }
        return null;
    }

    /** Whether JUnit 4's loader resolves the hook to this jar's class (else the call would break JUnit). */
    private static boolean seesHook(ClassLoader loader) {
        try {
            return loader != null && loader.loadClass(HOOK.replace('/', '.')) == RepofixJUnit4Hook.class;
        } catch (Throwable e) {
            return false;
        }
    }
}
