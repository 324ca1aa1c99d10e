package dev.repofix.validate;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import java.util.Optional;

/** Java source as JavaParser's tree, for the checks of this package that read the project's code. */
final class JavaSyntax {
    private JavaSyntax() {}

    /** The tree of {@code source}, also where the parser recovered from problems; empty when none came out. */
    static Optional<CompilationUnit> tree(String source) {
        return parsed(source).flatMap(ParseResult::getResult);
    }

    /** The tree of {@code source} only when it parsed without a problem. */
    static Optional<CompilationUnit> cleanTree(String source) {
        return parsed(source).filter(ParseResult::isSuccessful).flatMap(ParseResult::getResult);
    }

    private static Optional<ParseResult<CompilationUnit>> parsed(String source) {
        try {
            return Optional.of(new JavaParser(new ParserConfiguration()
                    .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21)).parse(source));
        } catch (RuntimeException | StackOverflowError e) {
            // A source JavaParser cannot take (or nests too deep) has no tree: the caller's check finds nothing.
            return Optional.empty();
        }
    }
}
