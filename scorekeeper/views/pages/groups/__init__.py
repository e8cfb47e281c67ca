"""A group's pages for whoever runs it: the group, its members and nights
(:mod:`.group`), and its past nights brought in from a spreadsheet
(:mod:`.sheets`).
"""
