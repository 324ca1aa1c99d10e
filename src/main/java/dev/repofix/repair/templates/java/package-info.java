/**
 * The Java fix templates, one class per template, over the file's JavaParser tree, in the
 * order {@link dev.repofix.repair.templates.java.JavaTemplates#inPriorOrder} gives them.
 */
package dev.repofix.repair.templates.java;
