package dev.repofix.eval.cases;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Good cases as JSON, one Maven and one pytest, for tests to spoil one field at a time. */
public final class CaseFixtures {
    public static final ObjectMapper JSON = new ObjectMapper();

    public static final String JAVA_SOURCE = """
            diff --git a/src/main/java/com/example/Calc.java b/src/main/java/com/example/Calc.java
            --- a/src/main/java/com/example/Calc.java
            +++ b/src/main/java/com/example/Calc.java
            @@ -3,4 +3,4 @@ package com.example;
             public class Calc {
                 public int add(int a, int b) {
            -        return a - b;
            +        return a + b;
                 }
            """;
    public static final String JAVA_TEST = """
            diff --git a/src/test/java/com/example/CalcTest.java b/src/test/java/com/example/CalcTest.java
            --- a/src/test/java/com/example/CalcTest.java
            +++ b/src/test/java/com/example/CalcTest.java
            @@ -8,2 +8,6 @@ class CalcTest {
                 }
            +
            +    @Test
            +    void addsTwoNumbers() { assertEquals(3, new Calc().add(1, 2)); }
             }
            """;
    public static final String PYTHON_SOURCE = """
            diff --git a/calc/ops.py b/calc/ops.py
            --- a/calc/ops.py
            +++ b/calc/ops.py
            @@ -1,4 +1,4 @@
             import math
             
             def add(a, b):
            -    return a - b
            +    return a + b
            """;
    public static final String PYTHON_TEST = """
            diff --git a/tests/test_ops.py b/tests/test_ops.py
            --- a/tests/test_ops.py
            +++ b/tests/test_ops.py
            @@ -3,1 +3,4 @@
             from calc.ops import add
            +
            +def test_add():
            +    assert add(1, 2) == 3
            """;

    private CaseFixtures() {}

    public static ObjectNode maven(String id) {
        ObjectNode c = JSON.createObjectNode();
        c.put("id", id).put("repo", "https://github.com/example/calc").put("base_commit", "0123abc")
                .put("test_command", "mvn -B test");
        c.putArray("fail_to_pass").add("com.example.CalcTest#addsTwoNumbers");
        c.putArray("pass_to_pass").add("com.example.CalcTest#addsZero");
        c.putObject("issue").put("title", "add subtracts").put("description", "Calc.add(1, 2) returns -1.");
        c.putObject("patch").put("source", JAVA_SOURCE).put("test", JAVA_TEST);
        return c;
    }

    public static ObjectNode pytest(String id) {
        ObjectNode c = JSON.createObjectNode();
        c.put("id", id).put("repo", "../calc-py").put("base_commit", "v1.2");
        c.putArray("fail_to_pass").add("tests/test_ops.py::test_add");
        c.putObject("issue").put("title", "add subtracts").put("description", "add(1, 2) == -1");
        c.put("explanation", "the operator is wrong");
        c.putObject("patch").put("source", PYTHON_SOURCE).put("test", PYTHON_TEST);
        c.putObject("cause").put("file", "calc/ops.py").put("line", 4);
        c.putObject("effect").put("file", "tests/test_ops.py").put("line", 5);
        c.putArray("bug_types").add("wrong operator");
        c.put("difficulty", "easy");
        c.putArray("tags").add("arithmetic");
        c.putArray("setup").add("pip install -e .");
        c.put("environment_setup_commit", "v1.0").put("created_at", "2024-05-01T10:00:00Z").put("hints", "see ops.py");
        return c;
    }

    /** Writes {@code lines} as given (objects as compact JSON) to {@code file}, one per line. */
    public static Path write(Path file, List<?> lines) {
        StringBuilder out = new StringBuilder();
        for (Object line : lines) {
            out.append(line instanceof ObjectNode o ? o.toString() : line.toString()).append('\n');
        }
        try {
            return Files.writeString(file, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
