package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsStackTraceTest {
    @TempDir
    Path root;

    @TempDir
    Path elsewhere;

    @Test
    void readsV8FramesWithAndWithoutFunctionsAndFileUrlsDeepestFirst() {
        FileIndex files = new FileIndex(root, List.of("src/calc.js", "lib/util.mjs", "test/calc.test.js"));
        String trace = """
                Error: boom
                    at boom (src/calc.js:5:9)
                    at file://%1$s/lib/util.mjs:12:5
                    at async TestContext.<anonymous> (%1$s/test/calc.test.js:11:34)
                    at Test.runInAsyncScope (node:async_hooks:206:9)
                    at Object.<anonymous> (%1$s/node_modules/x/index.js:1:1)
                """.formatted(root.toAbsolutePath());

        assertThat(new StackFrameExtractor().extract(trace, files)).containsExactly(
                new StackFrame("src/calc.js", 5, "boom"),
                new StackFrame("lib/util.mjs", 12, ""),
                new StackFrame("test/calc.test.js", 11, "TestContext.<anonymous>"));
    }

    @Test
    void readsTheStackAsNodesTapReporterPrintsItWithoutAt() {
        FileIndex files = new FileIndex(root, List.of("src/calc.js"));

        assertThat(new JsStackTrace().framesDeepestFirst("boom (" + root.toAbsolutePath() + "/src/calc.js:5:9)", files))
                .containsExactly(new StackFrame("src/calc.js", 5, "boom"));
    }

    @Test
    void mapsACompiledFrameThroughTheSourceMapBesideIt() throws IOException {
        Files.createDirectories(root.resolve("dist"));
        // generated line 3, column 11 comes from ../src/calc.ts line 5 ("UAIA": column +10, source +0, line +4)
        Files.writeString(root.resolve("dist/calc.js.map"),
                "{\"version\":3,\"file\":\"calc.js\",\"sources\":[\"../src/calc.ts\"],\"names\":[],\"mappings\":\"AAAA;;UAIA\"}");
        FileIndex files = new FileIndex(root, List.of("dist/calc.js", "dist/calc.js.map", "src/calc.ts"));

        assertThat(new JsStackTrace().framesDeepestFirst("    at add (dist/calc.js:3:12)\n    at dist/calc.js:1:1", files))
                .containsExactly(new StackFrame("src/calc.ts", 5, "add"), new StackFrame("src/calc.ts", 1, ""));
    }

    @Test
    void keepsTheCompiledFrameWhenTheMapIsBrokenOrNamesNoFileOfTheRepository() throws IOException {
        Files.createDirectories(root.resolve("dist"));
        Files.writeString(root.resolve("dist/a.js.map"), "not json");
        Files.writeString(root.resolve("dist/b.js.map"),
                "{\"version\":3,\"sources\":[\"webpack:///gone.ts\"],\"mappings\":\"AAAA\"}");
        FileIndex files = new FileIndex(root, List.of("dist/a.js", "dist/a.js.map", "dist/b.js", "dist/b.js.map"));

        assertThat(new JsStackTrace().framesDeepestFirst("at dist/a.js:3:1\nat dist/b.js:1:1", files))
                .containsExactly(new StackFrame("dist/a.js", 3, ""), new StackFrame("dist/b.js", 1, ""));
    }

    @Test
    void decodesSignedBase64Vlq() {
        assertThat(SourceMap.vlq("AAgBC")).containsExactly(0, 0, 16, 1);
        assertThat(SourceMap.vlq("D")).containsExactly(-1);
    }

    @Test
    void neverReadsASourceMapThatIsALinkOutOfTheRepository() throws IOException {
        Files.createDirectories(root.resolve("dist"));
        Path map = Files.writeString(elsewhere.resolve("calc.js.map"),
                "{\"version\":3,\"file\":\"calc.js\",\"sources\":[\"../src/calc.ts\"],\"names\":[],\"mappings\":\"AAAA;;UAIA\"}");
        Files.createSymbolicLink(root.resolve("dist/calc.js.map"), map);
        FileIndex files = new FileIndex(root, List.of("dist/calc.js", "dist/calc.js.map", "src/calc.ts"));

        assertThat(new JsStackTrace().framesDeepestFirst("    at add (dist/calc.js:3:12)", files))
                .containsExactly(new StackFrame("dist/calc.js", 3, "add"));
        assertThat(files.refusals().notes())
                .containsExactly("not read: dist/calc.js.map: a link that leads outside the repository");
    }
}
