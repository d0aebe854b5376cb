#!/usr/bin/env python3
"""Test of isa/tables/inst_facts.py, the reader of isa/tables/inst_facts.txt, on
small made-up rule files: the operand-type facts (dst=, src0=..src2=), the
semantic keys (sem=, sem[GENS]=, '*' standing for what the pattern matched),
the flags, and that every malformed or unused rule stops the generator with
the file's line named. Expected values follow from the file format stated in
inst_facts.txt's header, not from running the code."""
import contextlib
import io
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "isa", "tables"))
import inst_facts  # noqa: E402

failures = []
TMP = tempfile.TemporaryDirectory()  # removed at exit


def expect(what, got, want):
    if got != want:
        failures.append(f"{what}: got {got!r}, want {want!r}")


def rule_file(lines):
    """rules.txt in the temporary folder: a comment line, then `lines` (line 2 on)."""
    path = os.path.join(TMP.name, "rules.txt")
    with open(path, "w") as f:
        f.write("# a comment line\n" + "\n".join(lines) + "\n")
    return path


def fails(lines, call=None):
    """stderr of a rule file that must stop the generator (exit 1), or None if it did not."""
    path = rule_file(lines)
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            facts = inst_facts.Facts(path)
            if call:
                call(facts)
    except SystemExit as e:
        return err.getvalue() if e.code == 1 else None
    return None


def test_types_and_sem():
    path = rule_file([
        "v_ldexp_*                VOP2,VOP3   src1=I32               | made up",
        "v_cvt_pk*                VOP2        dst=B32 +kDouble       | made up",
        "v_add_i32,v_add_co_u32   VOP2        sem=v_add_co_u32       | made up",
        "v_add_u32                VOP2        sem[gfx8]=v_add_co_u32 | made up",
        "global_*,scratch_*       GLOBAL,SCRATCH sem=flat_*          | made up",
    ])
    facts = inst_facts.Facts(path)
    expect("ldexp src1", facts.types("VOP2", "v_ldexp_f32", ["F32", "F32", "F32", "None"]),
           ["F32", "F32", "I32", "None"])
    expect("other format untouched", facts.types("VOPC", "v_ldexp_f32", ["B64", "F32", "F32", "None"]),
           ["B64", "F32", "F32", "None"])
    expect("cvt_pk dst", facts.types("VOP2", "v_cvt_pkrtz_f16_f32", ["F16", "F32", "F32", "None"]),
           ["B32", "F32", "F32", "None"])
    # of() applies the flag of a rule that also holds a type fact, and ignores the type.
    expect("cvt_pk flags", facts.of("VOP2", "v_cvt_pkrtz_f16_f32")[0], "kDouble")
    expect("sem in every generation", facts.sem("VOP2", "v_add_i32", "gfx6"), "v_add_co_u32")
    expect("sem in gfx8", facts.sem("VOP2", "v_add_u32", "gfx8"), "v_add_co_u32")
    expect("no sem in gfx9", facts.sem("VOP2", "v_add_u32", "gfx9"), None)
    expect("no sem for an unnamed row", facts.sem("VOP2", "v_mul_f32", "gfx9"), None)
    expect("star", facts.sem("GLOBAL", "global_load_dword"), "flat_load_dword")
    expect("star, second pattern", facts.sem("SCRATCH", "scratch_store_short_d16_hi"), "flat_store_short_d16_hi")
    expect("no error so far", facts.errors, [])
    # Every rule has been used: finish() passes.
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            facts.finish(["VOP2", "VOP3", "GLOBAL", "SCRATCH"])
    except SystemExit:
        failures.append(f"finish() failed on used rules: {err.getvalue()}")


def test_errors():
    cases = [
        # (rule lines, what the generator then asks, text the error must contain)
        (["v_a VOP2 src1=Q99 | x"], None, "rules.txt:2: unknown fact src1=Q99"),
        (["v_a VOP2 sem[gfx10]=v_b | x"], None, "rules.txt:2: unknown generation"),
        (["v_a VOP2 sem=*_b | x"], None, "rules.txt:2: sem=*_b: a '*' in the key needs one '*'"),
        (["v_a VOP2 src2=F32 | x"],
         lambda f: (f.types("VOP2", "v_a", ["F32", "F32", "F32", "None"]), f.finish(["VOP2"])),
         "rules.txt:2: VOP2 v_a has no src2 operand"),
        (["v_a VOP2 sem=v_b | x", "v_* VOP2 sem=v_c | x"],
         lambda f: (f.sem("VOP2", "v_a", "gfx9"), f.finish(["VOP2"])),
         "rules.txt:3: VOP2 v_a has semantic key v_b already"),
        (["global_* GLOBAL sem[gfx9]=flat_* | x"], lambda f: (f.sem("GLOBAL", "global_x"), f.finish(["GLOBAL"])),
         "rules.txt:2: GLOBAL rows are not split by generation"),
        (["v_a VOP2 sem[gfx8]=v_b | x"], lambda f: (f.sem("VOP2", "v_a", "gfx9"), f.finish(["VOP2"])),
         "rules.txt:2: v_a matches no row"),
    ]
    for lines, call, want in cases:
        got = fails(lines, call)
        if got is None:
            failures.append(f"{lines}: the generator did not stop")
        elif want not in got:
            failures.append(f"{lines}: error {got.strip()!r} does not say {want!r}")


def test_real_file():
    """The repository's file parses, and its new facts name the rows the brief of each flag says."""
    facts = inst_facts.Facts()
    expect("s_ashr_i64 src0", facts.types("SOP2", "s_ashr_i64", ["B64", "B64", "B32", "None"])[1], "I64")
    expect("s_ashr_i32 untouched", facts.types("SOP2", "s_ashr_i32", ["B32", "B32", "B32", "None"])[1], "B32")
    expect("v_add_u32 gfx8", facts.sem("VOP2", "v_add_u32", "gfx8"), "v_add_co_u32")
    expect("v_add_u32 gfx9", facts.sem("VOP2", "v_add_u32", "gfx9"), None)
    expect("global sem", facts.sem("GLOBAL", "global_atomic_add"), "flat_atomic_add")
    expect("d16_hi", facts.types("FLAT", "flat_load_short_d16_hi", ["B32", "B64", "None", "None"])[0], "B16")
    expect("format_d16_xyz", facts.types("MUBUF", "buffer_load_format_d16_xyz", ["B64", "None", "None", "None"])[0],
           "B64")
    for fmt, name, flag in (("DS", "ds_gws_init", "kGdsOnly"), ("DS", "ds_ordered_count", "kGdsOnly"),
                            ("DS", "ds_read_addtid_b32", "kDsAddTid"), ("SOPP", "s_ttracedata", "kMessage"),
                            ("SOP1", "s_movrels_b64", "kM0Index"), ("SOPK", "s_setreg_imm32_b32", "kWritesHwreg"),
                            ("SOPK", "s_getreg_b32", "kReadsHwreg"), ("SOPC", "s_setvskip", "kWritesVskip"),
                            ("VOP3", "v_div_fmas_f64", "kReadsVccInVop3")):
        if flag not in facts.of(fmt, name)[0].split(" | "):
            failures.append(f"{fmt} {name}: no {flag}")
    for fmt, name, flag in (("DS", "ds_read_b32", "kGdsOnly"), ("SOPK", "s_getreg_b32", "kWritesHwreg"),
                            ("VOP2", "v_addc_co_u32", "kReadsVccInVop3"), ("SOPP", "s_waitcnt", "kMessage")):
        if flag in facts.of(fmt, name)[0].split(" | "):
            failures.append(f"{fmt} {name}: {flag} set")


def main():
    test_types_and_sem()
    test_errors()
    test_real_file()
    for f in failures:
        print("FAIL:", f)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
