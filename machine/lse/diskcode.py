"""The statements of the file store (GARER, CHARGER, SUPPRIMER, EXECUTER) as generated code; imports emit, nodes.

A mixin of StatementCompiler (compiler.py), whose charge, value, key, store_var, env and
read_array it uses; the runtime's disk_* methods do the work.
"""

from __future__ import annotations

from machine.lse import nodes as n
from machine.lse.emit import Cost, Emitter, Ex


class DiskStatements:
    """GARER, CHARGER, SUPPRIMER and EXECUTER: one runtime call each, after their arguments."""

    def disk_args(self, *nodes: object) -> str:
        values = [self.value(node) for node in nodes]
        return ", ".join(value.code for value in values)

    def st_Garer(self, out: Emitter, node: n.Garer) -> None:
        self.charge(out, Cost().add("disk"))
        args = self.disk_args(node.var, node.record, node.file)
        out.emit(f"M.disk_store({args})")

    def st_Charger(self, out: Emitter, node: n.Charger) -> None:
        self.charge(out, Cost().add("disk"))
        args = self.disk_args(node.record, node.file)
        name = node.var.name
        out.emit(f"_st = M.disk_load({self.env(name)}, {name!r}, {args})")
        if node.status is not None:
            self.store_target(out, node.status, Ex("_st", "n", Cost()))

    def store_target(self, out: Emitter, target: n.Var | n.Index, value: Ex) -> None:
        if isinstance(target, n.Var):
            self.store_var(out, target.name, value)
            return
        index = self.key(target.indices, Cost())
        out.emit(f"_setref(_elref({self.read_array(target.name)}, {index.code}, {target.name!r}), {value.code})")

    def st_Supprimer(self, out: Emitter, node: n.Supprimer) -> None:
        self.charge(out, Cost().add("disk"))
        record = self.disk_args(node.record) if node.record is not None else "None"
        out.emit(f"M.disk_delete({self.disk_args(node.file)}, {record})")

    def st_Executer(self, out: Emitter, node: n.Executer) -> None:
        self.charge(out, Cost().add("disk"))
        start = self.disk_args(node.start) if node.start is not None else "None"
        out.emit(f"M.current_line = {node.line}")
        out.emit(f"M.chain({self.disk_args(node.program)}, {start})")
