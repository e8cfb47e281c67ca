"""A night's pages for its scorekeeper: starting a table (:mod:`.tables`),
recording and fixing hands (:mod:`.hands`, :mod:`.hand_form`, said in words
:mod:`.said`), settling up and payment handles (:mod:`.settle`,
:mod:`.pay`), sharing and handing over (:mod:`.share`), exports, and the
offline queue's answers (:mod:`.waiting`).
"""
