# Replaces PyInstaller's run-time hook for inspect, which at every start imports inspect
# and zipfile and lists base_library.zip (some 25 ms of a 250 ms start) so that
# inspect.getsourcefile() finds frozen modules' sources. tracker never asks for a
# module's source (a frozen build has none to show), so this hook does nothing.
