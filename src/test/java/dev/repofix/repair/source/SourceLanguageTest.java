package dev.repofix.repair.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SourceLanguageTest {
    @ParameterizedTest
    @ValueSource(strings = {"src/main/java/A.java", "a.kt", "build.gradle.kts", "A.scala", "a.groovy", "a.js", "a.jsx",
            "a.mjs", "a.cjs", "a.ts", "a.tsx", "main.go", "lib.rs", "a.c", "a.h", "a.cc", "a.cpp", "a.hpp", "A.cs",
            "A.swift", "A.JAVA", "dir.v2\\A.java"})
    void recognisesCLikeExtensions(String path) {
        assertThat(SourceLanguage.forPath(path)).contains(SourceLanguage.C_LIKE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"app.py", "pkg/Module.PY"})
    void recognisesPython(String path) {
        assertThat(SourceLanguage.forPath(path)).contains(SourceLanguage.PYTHON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"README.md", "Makefile", "a.pyc", "a.java.orig", "java", ".py/readme", ""})
    void knowsNothingElse(String path) {
        assertThat(SourceLanguage.forPath(path)).isEmpty();
    }
}
