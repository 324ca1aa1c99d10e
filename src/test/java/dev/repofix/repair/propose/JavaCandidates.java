package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/** What the Java templates propose for a line of one class, as whole patched files, and whether those compile. */
final class JavaCandidates {
    /** One candidate: its family, its description and the file's text once applied. */
    record Candidate(String strategy, String description, String patched) {}

    private JavaCandidates() {}

    /** Every family's edits of {@code line}, in the order a run tries them, one per produced text. */
    static List<Candidate> of(String path, String source, int line) {
        SourceFile file = SourceFile.of(path, source);
        List<Candidate> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (FixTemplate template : FixTemplates.java(new JavaTrees())) {
            for (LineEdit edit : template.propose(file, line)) {
                String patched = applied(source, edit);
                if (seen.add(patched)) {
                    out.add(new Candidate(template.name(), edit.description(), patched));
                }
            }
        }
        return out;
    }

    /** The candidates of one family alone, before other families' repeats are dropped. */
    static List<Candidate> of(String family, String path, String source, int line) {
        SourceFile file = SourceFile.of(path, source);
        FixTemplate template = FixTemplates.java(new JavaTrees()).stream().filter(t -> t.name().equals(family))
                .findFirst().orElseThrow();
        return template.propose(file, line).stream()
                .map(edit -> new Candidate(family, edit.description(), applied(source, edit))).toList();
    }

    static String applied(String source, LineEdit edit) {
        List<String> lines = new ArrayList<>(SourceFile.splitLines(source));
        List<String> replaced = lines.subList(edit.line() - 1, edit.lastLine());
        replaced.clear();
        replaced.addAll(edit.newLines());
        return String.join("\n", lines) + "\n";
    }

    /** Compiler diagnostics of one class (named after its public type), empty when it compiles. */
    static String diagnostics(String className, String source, Path out) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertThat(compiler).as("a JDK with javac").isNotNull();
        JavaFileObject unit = new SimpleJavaFileObject(URI.create("string:///" + className.replace('.', '/')
                + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        StringWriter errors = new StringWriter();
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean ok = compiler.getTask(errors, null, null, List.of("-d", out.toString(), "-proc:none", "-Xlint:none"),
                null, List.of(unit)).call();
        return ok ? "" : errors.toString().isEmpty() ? "failed" : errors.toString();
    }

    static boolean compiles(String className, String source, Path out) {
        return diagnostics(className, source, out).isEmpty();
    }
}
